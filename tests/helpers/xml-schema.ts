import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

/**
 * XML Schema validation as the receiving side does it: libxml2 (the library behind xmllint, which banks' and the
 * tax administration's tools use) compiled to WebAssembly, so `npm test` needs no system package. A schema is
 * compiled once per test worker (the Belcotax XSD of 625 kB takes about 0.2 s) and its `xs:include`/`xs:import`
 * are read from disk beside it. The schemas are the official ones in tests/fixtures (see its README).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

export const XSD = {
  belcotax: path.join(FIXTURES, 'Belcotax-2024.xsd'),
  pain001: path.join(FIXTURES, 'pain.001.001.03.xsd'),
  camt053: (version: '02' | '03' | '04' | '08') => path.join(FIXTURES, `camt.053.001.${version}.xsd`),
} as const;

xmlRegisterFsInputProviders();
const validators = new Map<string, XsdValidator>();

function validatorOf(xsd: string): XsdValidator {
  let validator = validators.get(xsd);
  if (!validator) {
    const schema = XmlDocument.fromBuffer(readFileSync(xsd), { url: pathToFileURL(xsd).href });
    validator = XsdValidator.fromDoc(schema);
    validators.set(xsd, validator);
  }
  return validator;
}

/** The schema's verdict on a document: null when it is valid, else libxml2's complaints, one per line with its line number. */
export function schemaErrors(xml: string | Buffer, xsd: string): string | null {
  let document: XmlDocument;
  try {
    document = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
  } catch (error) {
    return `not well-formed: ${(error as Error).message}`;
  }
  try {
    validatorOf(xsd).validate(document);
    return null;
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((d) => `line ${d.line}: ${d.message.trim()}`).join('\n');
  } finally {
    document.dispose();
  }
}
