import { create } from 'xmlbuilder2';
import type { AttestPeriod, RecognitionCode } from '@common/fiscal-attests.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { BELGIUM_CODE, belcotaxCountryCode } from './countries.js';
import type { AttestChildFacts, NumberedSheet } from './facts.js';

/**
 * The Belcotax-on-web XML of the 281.86 forms of an income year (zone names of the tax administration's
 * brochure; the rules this file keeps are in docs/decisions.md, 'Attests', and tests/fixtures/belcotax-28186.xsd):
 * Verzendingen › Verzending (sender) › Aangiften › Aangifte (declarant) › Opgaven › Opgave32586 › Fiche28186,
 * then the closing totals of the declaration (r8…) and of the sending (r9…). Amounts in euro cent, dates dd-mm-yyyy.
 */

/** f2028_typetraitement: how Belcotax treats a form. */
export const TREATMENT = { normal: 0, modification: 1, addition: 2, cancellation: 3 } as const;
export type Treatment = (typeof TREATMENT)[keyof typeof TREATMENT];

const DUTCH = 1;

/** A form's zones in their order, as stored for the modification file ('declared_form'). */
export type FormZones = Record<string, string | number>;

const xmlDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** 'Kerkstraat 1, 9000 Gent' → street, postal code, municipality; without a postal code all of it is the street. */
export function splitAddress(text: string | null): { street: string; postalcode: string; city: string } {
  const oneLine = (text ?? '').replace(/\s*\n\s*/g, ', ').trim();
  const match = /^(.*?)[,\s]+(\d{4})\s+(.+)$/.exec(oneLine);
  return match
    ? { street: match[1]!.trim(), postalcode: match[2]!, city: match[3]!.trim() }
    : { street: oneLine, postalcode: '', city: '' };
}

/** The zones of one period (1 to 4): begin and end date, days, daily tariff and amount. */
const PERIOD_ZONES = [
  ['f86_2055_begindate1', 'f86_2056_enddate1', 'f86_2110_numberofday1', 'f86_2111_dailytariff1', 'f86_2060_amount1'],
  ['f86_2093_begindate2', 'f86_2144_enddate2', 'f86_2113_numberofday2', 'f86_2115_dailytariff2', 'f86_2061_amount2'],
  ['f86_2157_begindate3', 'f86_2158_enddate3', 'f86_2116_numberofday3', 'f86_2117_dailytariff3', 'f86_2062_amount3'],
  ['f86_2161_begindate4', 'f86_2162_enddate4', 'f86_2119_numberofday4', 'f86_2120_dailytariff4', 'f86_2063_amount4'],
] as const;

function periodZones(periods: AttestPeriod[]): FormZones {
  const zones: FormZones = {};
  periods.forEach((p, i) => {
    const [begin, end, days, tariff, amount] = PERIOD_ZONES[i]!;
    zones[begin] = xmlDate(p.startDate);
    zones[end] = xmlDate(p.endDate);
    zones[days] = p.days;
    zones[tariff] = p.dailyTariffCents;
    zones[amount] = p.amountCents;
  });
  return zones;
}

/**
 * Debtors and children whose country Belcotax would not know (countries.ts), as 'First Last (country)' and
 * 'kind First Last (country)' (a child's address is its parent's), each once:
 * the export names them instead of sending a wrong country.
 */
export function unknownCountries(attests: readonly AttestChildFacts[]): string[] {
  const unknown = new Set<string>();
  for (const child of attests) {
    for (const sheet of child.sheets) {
      const { firstname, lastname, country } = sheet.debtor;
      if (belcotaxCountryCode(country) === null) unknown.add(`${firstname} ${lastname} (${country})`);
    }
    if (child.sheets.length > 0 && belcotaxCountryCode(child.address.country) === null) {
      unknown.add(`kind ${child.firstname} ${child.lastname} (${child.address.country})`);
    }
  }
  return [...unknown];
}

/** The zones of one attest, without its sequence number and treatment (which depend on the file it goes in). */
export function formZones(year: number, child: AttestChildFacts, sheet: NumberedSheet, organiser: OrganiserSettings): FormZones {
  const debtor = sheet.debtor;
  // An unknown country is refused before a file is written (unknownCountries); it is empty here only for comparing.
  const debtorCountry = belcotaxCountryCode(debtor.country);
  const authority = splitAddress(organiser.CERTIFYING_AUTHORITY_ADDRESS);
  return {
    f2002_inkomstenjaar: year,
    f2005_registratienummer: digits(organiser.ORGANISER_COMPANY_NUMBER),
    f2008_typefiche: 28186,
    f2010_referentie: sheet.number,
    f2011_nationaalnr: digits(debtor.nationalNumber),
    f2013_naam: debtor.lastname,
    f2015_adres: debtor.street,
    // A Belgian postal code or a foreign one, never both (the tax administration's rule).
    ...(debtorCountry === BELGIUM_CODE ? { f2016_postcodebelgisch: debtor.postalcode } : {}),
    f2017_gemeente: debtor.city,
    f2018_landwoonplaats: debtorCountry ?? '',
    ...(debtorCountry === BELGIUM_CODE ? {} : { f2112_buitenlandspostnummer: debtor.postalcode }),
    f2114_voornamen: debtor.firstname,
    f86_2031_certificationautorisation: Number(organiser.RECOGNITION_CODE as RecognitionCode),
    f86_2100_certifierpostnr: authority.postalcode,
    f86_2109_certifiercbenumber: digits(organiser.CERTIFYING_AUTHORITY_COMPANY_NUMBER),
    f86_2154_certifiermunicipality: authority.city,
    f86_2155_certifiername: organiser.CERTIFYING_AUTHORITY ?? '',
    f86_2156_certifieradres: authority.street,
    f86_2101_childcountry: belcotaxCountryCode(child.address.country) ?? '',
    f86_2102_childaddress: child.address.street,
    f86_2106_childname: child.lastname,
    f86_2107_childfirstname: child.firstname,
    f86_2139_childpostnr: child.address.postalcode,
    f86_2140_childmunicipality: child.address.city,
    ...(child.nationalNumber ? { f86_2153_nnchild: digits(child.nationalNumber) } : {}),
    f86_2163_childbirthdate: xmlDate(child.birthdate),
    ...periodZones(sheet.periods),
    f86_2064_totalamount: sheet.totalCents,
    // The form's control total: every amount of the form plus its total.
    f86_2059_totaalcontrole: sheet.periods.reduce((sum, p) => sum + p.amountCents, 0) + sheet.totalCents,
  };
}

export interface BelcotaxForm {
  zones: FormZones;
  treatment: Treatment;
}

/** The whole file: sender and declarant are the organiser; each form gets its sequence number 1, 2, 3… */
export function belcotaxXml(year: number, organiser: OrganiserSettings, forms: BelcotaxForm[], createdOn: string): string {
  const own = splitAddress(organiser.ORGANISER_ADDRESS);
  const companyNumber = digits(organiser.ORGANISER_COMPANY_NUMBER);
  const mail = /<([^<>]+)>/.exec(organiser.MAIL_FROM)?.[1] ?? organiser.MAIL_FROM;
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: true }).ele('Verzendingen');
  const sending = root.ele('Verzending');
  const zones = (parent: typeof root, values: FormZones) => {
    for (const [name, value] of Object.entries(values)) parent.ele(name).txt(String(value));
  };
  zones(sending, {
    v0002_inkomstenjaar: year,
    v0010_bestandtype: 'BELCOTAX',
    v0011_aanmaakdatum: xmlDate(createdOn),
    v0014_naam: organiser.ORGANISER_NAME,
    v0015_adres: own.street,
    v0016_postcode: own.postalcode,
    v0017_gemeente: own.city,
    v0021_contactpersoon: organiser.SIGNATORY_NAME ?? organiser.ORGANISER_NAME,
    v0022_taalcode: DUTCH,
    v0023_emailadres: mail.trim(),
    v0024_nationaalnr: companyNumber,
    v0025_typeenvoi: 0,
    v0028_landwoonplaats: BELGIUM_CODE,
  });
  const declaration = sending.ele('Aangiften').ele('Aangifte');
  zones(declaration, {
    a1002_inkomstenjaar: year,
    a1005_registratienummer: companyNumber,
    a1011_naamnl1: organiser.ORGANISER_NAME,
    a1013_adresnl: own.street,
    a1014_postcodebelgisch: own.postalcode,
    a1015_gemeente: own.city,
    a1016_landwoonplaats: BELGIUM_CODE,
    a1020_taalcode: DUTCH,
  });
  const list = declaration.ele('Opgaven').ele('Opgave32586');
  let sequenceTotal = 0;
  let controlTotal = 0;
  forms.forEach((form, i) => {
    const sequence = i + 1;
    sequenceTotal += sequence;
    controlTotal += Number(form.zones.f86_2059_totaalcontrole);
    const { f2002_inkomstenjaar, f2005_registratienummer, f2008_typefiche, ...rest } = form.zones;
    zones(list.ele('Fiche28186'), {
      f2002_inkomstenjaar: f2002_inkomstenjaar!,
      f2005_registratienummer: f2005_registratienummer!,
      f2008_typefiche: f2008_typefiche!,
      f2009_volgnummer: sequence,
      f2028_typetraitement: form.treatment,
      f2029_enkelopgave325: 0,
      ...rest,
    });
  });
  // Closing part of the declaration: its records (the forms plus its opening and closing), the sum of the
  // sequence numbers and the sum of the forms' control totals; then of the sending, which adds its own two.
  zones(declaration, {
    r8002_inkomstenjaar: year,
    r8005_registratienummer: companyNumber,
    r8010_aantalrecords: forms.length + 2,
    r8011_controletotaal: sequenceTotal,
    r8012_controletotaal: controlTotal,
  });
  zones(sending, {
    r9002_inkomstenjaar: year,
    r9010_aantallogbestanden: 3,
    r9011_totaalaantalrecords: forms.length + 4,
    r9012_controletotaal: sequenceTotal,
    r9013_controletotaal: controlTotal,
  });
  return root.end({ prettyPrint: true });
}
