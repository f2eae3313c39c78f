import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { belcotaxXml, TREATMENT, type FormZones } from '../../server/src/features/attests/belcotax.js';
import type { OrganiserSettings } from '../../server/src/lib/settings.js';
import { schemaErrors, XSD } from '../helpers/xml-schema.js';

/**
 * The Belcotax writer against the tax administration's own example file (tests/fixtures/BOW2022_VoorbeeldXML_f86.xml,
 * three 281.86 forms): fed the example's forms, it must write what the example writes where the schema is silent
 * (element order, control totals) and pass the official schema.
 */

const EXAMPLE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/BOW2022_VoorbeeldXML_f86.xml'), 'utf8');

type Ordered = Record<string, unknown>[];
const ordered = new XMLParser({ preserveOrder: true, parseTagValue: false });
const plain = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Fiche28186' });

const nameOf = (node: Record<string, unknown>) => Object.keys(node).find((k) => k !== ':@')!;

/**
 * The child elements of the element at a path, in document order, as [name, text] (an element with children has
 * text ''). A step 'Fiche28186#2' takes the third element of that name.
 */
function zonesAt(xml: string, ...steps: string[]): [string, string][] {
  let level = ordered.parse(xml) as Ordered;
  for (const step of steps) {
    const [name, index] = step.split('#') as [string, string | undefined];
    level = level.filter((node) => name in node)[Number(index ?? 0)]![name] as Ordered;
  }
  return level
    .filter((node) => nameOf(node) !== '#text')
    .map((node) => {
      const inner = node[nameOf(node)] as Ordered;
      return [nameOf(node), inner.length === 1 && '#text' in inner[0]! ? String(inner[0]!['#text']) : ''];
    });
}

const SENDER = ['Verzendingen', 'Verzending'];
const DECLARATION = [...SENDER, 'Aangiften', 'Aangifte'];
const LIST = [...DECLARATION, 'Opgaven', 'Opgave32586'];

const FOD: OrganiserSettings = {
  ORGANISER_NAME: 'FOD FIN TEST',
  ORGANISER_ADDRESS: 'Teststraat, 10, 1000 Brussel',
  ORGANISER_COMPANY_NUMBER: '0308.357.159',
  ORGANISER_BELCOTAX_REFERENCE: null,
  ORGANISER_IBAN: 'BE71096123456769',
  ORGANISER_BIC: null,
  MAIL_FROM: 'noreply@minfin.fed.be',
  PUBLIC_SITE_URL: 'https://example.be/',
  CERTIFYING_AUTHORITY: 'Kind en Gezin',
  SIGNATORY_NAME: null,
  SIGNATORY_CAPACITY: null,
  SIGNATURE_IMAGE: null,
  ORGANISER_LOGO: null,
  RECOGNITION_CODE: '1',
  CERTIFYING_AUTHORITY_ADDRESS: 'Hallepoortlaan 27, 1060 Sint-Gillis',
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: '0886.886.638',
  FISCAL_DAILY_MAXIMUMS: '',
  REMINDER_INTERVAL_DAYS: 7,
  WAITING_OFFER_HOURS: 48,
  FAMILY_CANCEL_CUTOFF_DAYS: 14,
  REMINDER_MAX_COUNT: 3,
  BELCOTAX_CONTACT_NAME: 'Belcotax',
  BELCOTAX_CONTACT_PHONE: '02 572 57 57',
  BELCOTAX_CONTACT_EMAIL: 'belcotax@minfin.fed.be',
};

/** The example's forms as the product stores them: without the zones the file itself sets. */
const exampleForms = (): FormZones[] =>
  (plain.parse(EXAMPLE).Verzendingen.Verzending.Aangiften.Aangifte.Opgaven.Opgave32586.Fiche28186 as Record<string, string>[]).map(
    ({ f2007_division: _d, f2009_volgnummer: _s, f2028_typetraitement: _t, f2029_enkelopgave325: _e, ...zones }) => zones,
  );

describe('Belcotax-on-web XML against the official schema and example', () => {
  it('the schema check is the real one: it takes the example and refuses it without the sender’s phone number', () => {
    expect(schemaErrors(EXAMPLE, XSD.belcotax)).toBeNull();
    const withoutPhone = EXAMPLE.replace(/\s*<v0018_telefoonnummer>.*<\/v0018_telefoonnummer>/, '');
    expect(schemaErrors(withoutPhone, XSD.belcotax)).toMatch(
      /v0021_contactpersoon': This element is not expected\. Expected is \( v0018_telefoonnummer \)/,
    );
  });

  it("writes the example's forms in the example's order, with its control totals, and the schema takes it", () => {
    const forms = exampleForms().map((zones) => ({ zones, treatment: TREATMENT.normal }));
    const xml = belcotaxXml(2022, FOD, forms, '2023-01-01');
    expect(schemaErrors(xml, XSD.belcotax)).toBeNull();
    // The sender's zones and closing totals (r9…) as the example has them: the example's FOD FIN TEST is our organiser here.
    expect(zonesAt(xml, ...SENDER)).toEqual(zonesAt(EXAMPLE, ...SENDER));
    // The declarant's zones and closing totals (r8…), but for the French and German names the product does not hold.
    expect(zonesAt(xml, ...DECLARATION)).toEqual(zonesAt(EXAMPLE, ...DECLARATION).filter(([name]) => !/^a10(2[7-9]|3\d)_/.test(name)));
    // Each form zone by zone, in the example's order.
    expect(zonesAt(xml, ...LIST)).toHaveLength(3);
    for (const i of [0, 1, 2]) expect(zonesAt(xml, ...LIST, `Fiche28186#${i}`)).toEqual(zonesAt(EXAMPLE, ...LIST, `Fiche28186#${i}`));
  });

  it('a test file differs only in its file type, BCTEST', () => {
    const forms = exampleForms().map((zones) => ({ zones, treatment: TREATMENT.normal }));
    const real = belcotaxXml(2022, FOD, forms, '2023-01-01');
    const test = belcotaxXml(2022, FOD, forms, '2023-01-01', { test: true });
    expect(schemaErrors(test, XSD.belcotax)).toBeNull();
    expect(test).toBe(real.replace('<v0010_bestandtype>BELCOTAX</v0010_bestandtype>', '<v0010_bestandtype>BCTEST</v0010_bestandtype>'));
  });
});
