import { schemaErrors as validate, XSD } from './xml-schema.js';

/**
 * The ISO 20022 schema of pain.001.001.03 (tests/fixtures/pain.001.001.03.xsd, see its README), against which a
 * bank's upload checks the refunds file before reading it.
 */
export const PAIN_001_XSD = XSD.pain001;

/** The schema's verdict on a file (pain.001 unless another schema is named): null when valid, else its complaint. */
export const schemaErrors = (xml: string | Buffer, xsd: string = PAIN_001_XSD): string | null => validate(xml, xsd);
