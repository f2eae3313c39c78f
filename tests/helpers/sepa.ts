import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The ISO 20022 schema of pain.001.001.03 (tests/fixtures/pain.001.001.03.xsd, as published by SWIFT for
 * ISO 20022; taken from the public repository Tomo59/sepa_credit_transfer-py). Validated with xmllint
 * (Debian's libxml2-utils), as a bank's upload would before reading the file.
 */
export const PAIN_001_XSD = path.resolve(import.meta.dirname, '../fixtures/pain.001.001.03.xsd');

/** xmllint's verdict on the file against a schema (pain.001 unless named): null when valid, else its complaint. */
export function schemaErrors(xml: string | Buffer, xsd: string = PAIN_001_XSD): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'pain001-'));
  const file = path.join(dir, 'file.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
