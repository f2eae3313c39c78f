import { create } from 'xmlbuilder2';
import { belcotaxBlockMessages, type AttestPeriod, type RecognitionCode } from '@common/fiscal-attests.js';
import { isValidNationalNumber } from '@common/identity-numbers.js';
import { belcotaxPhone, type BelcotaxSetting } from '@common/schemas/settings.js';
import type { BelcotaxBlocker } from '@common/schemas/attests.js';
import type { OrganiserSettings } from '../../lib/settings.js';
import { BELGIUM_CODE, belcotaxCountryCode } from './countries.js';
import type { AttestChildFacts, NumberedSheet } from '../../domain/attest-facts.js';

/**
 * The Belcotax-on-web XML of the 281.86 forms of an income year, as the tax administration's schema
 * (tests/fixtures/Belcotax-2024.xsd) and its example file (tests/fixtures/BOW2022_VoorbeeldXML_f86.xml) have it:
 * Verzendingen › Verzending (sender) › Aangiften › Aangifte (declarant) › Opgaven › Opgave32586 › Fiche28186, then
 * the closing totals of the declaration (r8…) and of the sending (r9…). Every element in the order of the schema's
 * sequences; amounts in whole euro cent, dates DD-MM-YYYY. The rules are in docs/decisions.md, 'Attests' and
 * 'Files the tax administration and real banks accept'.
 */

/** f2028_typetraitement: how Belcotax treats a form. */
export const TREATMENT = { normal: 0, modification: 1, addition: 2, cancellation: 3 } as const;
export type Treatment = (typeof TREATMENT)[keyof typeof TREATMENT];

const DUTCH = 1;

/** A form's zones, as stored for the modification file ('declared_form'); written in the schema's order. */
export type FormZones = Record<string, string | number>;

/**
 * The zones of a Fiche28186 in the order of the schema: the base type Fiche (f2…), then the extension's f86_…
 * zones. Zones a form leaves out are simply skipped; a zone not in this list is a programming error.
 */
const FICHE_ORDER = [
  'f2002_inkomstenjaar',
  'f2005_registratienummer',
  'f2007_division',
  'f2008_typefiche',
  'f2009_volgnummer',
  'f2010_referentie',
  'f2011_nationaalnr',
  'f2013_naam',
  'f2015_adres',
  'f2016_postcodebelgisch',
  'f2017_gemeente',
  'f2018_landwoonplaats',
  'f2028_typetraitement',
  'f2029_enkelopgave325',
  'f2112_buitenlandspostnummer',
  'f2114_voornamen',
  'f86_2031_certificationautorisation',
  'f86_2055_begindate1',
  'f86_2056_enddate1',
  'f86_2059_totaalcontrole',
  'f86_2060_amount1',
  'f86_2061_amount2',
  'f86_2062_amount3',
  'f86_2063_amount4',
  'f86_2064_totalamount',
  'f86_2093_begindate2',
  'f86_2100_certifierpostnr',
  'f86_2101_childcountry',
  'f86_2102_childaddress',
  'f86_2106_childname',
  'f86_2107_childfirstname',
  'f86_2109_certifiercbenumber',
  'f86_2110_numberofday1',
  'f86_2111_dailytariff1',
  'f86_2113_numberofday2',
  'f86_2115_dailytariff2',
  'f86_2116_numberofday3',
  'f86_2117_dailytariff3',
  'f86_2119_numberofday4',
  'f86_2120_dailytariff4',
  'f86_2139_childpostnr',
  'f86_2140_childmunicipality',
  'f86_2144_enddate2',
  'f86_2153_nnchild',
  'f86_2154_certifiermunicipality',
  'f86_2155_certifiername',
  'f86_2156_certifieradres',
  'f86_2157_begindate3',
  'f86_2158_enddate3',
  'f86_2161_begindate4',
  'f86_2162_enddate4',
  'f86_2163_childbirthdate',
  'f86_2164_beginvaliditycertification',
  'f86_2171_endvaliditycertification',
] as const;

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

const isComplete = (address: { street: string; postalcode: string; city: string }) =>
  address.street !== '' && address.postalcode !== '' && address.city !== '';

/**
 * The settings the file needs and the organiser has not (yet) given, in the order of the settings page: the sender's
 * and declarant's company number and address (street, Belgian postal code and municipality are required zones), the
 * contact the schema requires (v0021, v0018, v0023), and the certifying authority the form names (f86_2155, f86_2156,
 * f86_2100, f86_2154, and its company number f86_2109 unless it is a foreign authority, code 3).
 */
export function missingBelcotaxSettings(organiser: OrganiserSettings): BelcotaxSetting[] {
  const missing: BelcotaxSetting[] = [];
  if (!isComplete(splitAddress(organiser.ORGANISER_ADDRESS))) missing.push('ORGANISER_ADDRESS');
  if (!organiser.ORGANISER_COMPANY_NUMBER) missing.push('ORGANISER_COMPANY_NUMBER');
  if (!organiser.BELCOTAX_CONTACT_NAME) missing.push('BELCOTAX_CONTACT_NAME');
  if (!organiser.BELCOTAX_CONTACT_PHONE) missing.push('BELCOTAX_CONTACT_PHONE');
  if (!organiser.BELCOTAX_CONTACT_EMAIL) missing.push('BELCOTAX_CONTACT_EMAIL');
  if (!organiser.CERTIFYING_AUTHORITY) missing.push('CERTIFYING_AUTHORITY');
  const foreignAuthority = organiser.RECOGNITION_CODE === '3';
  const authority = splitAddress(organiser.CERTIFYING_AUTHORITY_ADDRESS);
  if (foreignAuthority ? authority.street === '' : !isComplete(authority)) missing.push('CERTIFYING_AUTHORITY_ADDRESS');
  if (!foreignAuthority && !organiser.CERTIFYING_AUTHORITY_COMPANY_NUMBER) missing.push('CERTIFYING_AUTHORITY_COMPANY_NUMBER');
  return missing;
}

/** The address zones of a person on the form: a Belgian postal code or a foreign one, never both. */
function addressProblem(address: { street: string; postalcode: string; city: string; country: string }): boolean {
  const country = belcotaxCountryCode(address.country);
  if (address.street.trim() === '' || address.city.trim() === '' || address.postalcode.trim() === '') return true;
  return country === BELGIUM_CODE && !/^\d{4}$/.test(address.postalcode.trim());
}

/**
 * What keeps the children's attests out of a valid file, each with what to fix and where: the child's national
 * number (f86_2153), a debtor's or the child's country that Belcotax has no code for (countries.ts), an address
 * without street, postal code or municipality (a Belgian one needs a postal code of 4 digits). The child's address is
 * its parent's; the debtors are the parent unless staff set others ('Aanpassen' on the attests page).
 */
export function belcotaxBlockers(attests: readonly AttestChildFacts[]): BelcotaxBlocker[] {
  const blockers: BelcotaxBlocker[] = [];
  for (const child of attests) {
    if (child.sheets.length === 0) continue;
    const base = {
      SUBSCRIBER_ID: child.childId,
      SUBSCRIBER_NAME: `${child.firstname} ${child.lastname}`,
      SUBSCRIPTION_ID: child.sheets[0]!.periods[0]!.subscriptionId,
    };
    const seen = new Set<string>();
    const add = (fix: BelcotaxBlocker['FIX'], reason: string) => {
      if (seen.has(reason)) return;
      seen.add(reason);
      blockers.push({ ...base, FIX: fix, REASON: reason });
    };
    if (!child.nationalNumber || !isValidNationalNumber(child.nationalNumber)) add('child', belcotaxBlockMessages.childNationalNumber);
    const debtorFix = child.ownDebtors ? 'debtors' : 'parent';
    for (const debtor of new Set(child.sheets.map((s) => s.debtor))) {
      const name = `${debtor.firstname} ${debtor.lastname}`;
      if (belcotaxCountryCode(debtor.country) === null) add(debtorFix, belcotaxBlockMessages.unknownCountry(name, debtor.country));
      else if (addressProblem(debtor)) add(debtorFix, belcotaxBlockMessages.address(name));
    }
    if (belcotaxCountryCode(child.address.country) === null)
      add('parent', belcotaxBlockMessages.unknownCountry(`kind ${base.SUBSCRIBER_NAME}`, child.address.country));
    else if (addressProblem(child.address)) add('parent', belcotaxBlockMessages.address(`kind ${base.SUBSCRIBER_NAME}`));
  }
  return blockers;
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
 * The zones of one attest, without its sequence number and treatment (which depend on the file it goes in). Called
 * for every attest of the list too, to see what changed since the declaration; the file itself is only written when
 * missingBelcotaxSettings and belcotaxBlockers find nothing.
 */
export function formZones(year: number, child: AttestChildFacts, sheet: NumberedSheet, organiser: OrganiserSettings): FormZones {
  const debtor = sheet.debtor;
  const debtorCountry = belcotaxCountryCode(debtor.country);
  const authority = splitAddress(organiser.CERTIFYING_AUTHORITY_ADDRESS);
  const authorityNumber = digits(organiser.CERTIFYING_AUTHORITY_COMPANY_NUMBER);
  return {
    f2002_inkomstenjaar: year,
    f2005_registratienummer: digits(organiser.ORGANISER_COMPANY_NUMBER),
    f2008_typefiche: 28186,
    f2010_referentie: sheet.number,
    f2011_nationaalnr: digits(debtor.nationalNumber),
    f2013_naam: debtor.lastname,
    f2015_adres: debtor.street,
    // A Belgian postal code or a foreign one, never both (the schema's documentation of f2016 and f2112).
    ...(debtorCountry === BELGIUM_CODE ? { f2016_postcodebelgisch: debtor.postalcode } : {}),
    f2017_gemeente: debtor.city,
    f2018_landwoonplaats: debtorCountry ?? '',
    ...(debtorCountry === BELGIUM_CODE ? {} : { f2112_buitenlandspostnummer: debtor.postalcode }),
    f2114_voornamen: debtor.firstname,
    f86_2031_certificationautorisation: Number(organiser.RECOGNITION_CODE as RecognitionCode),
    f86_2100_certifierpostnr: authority.postalcode,
    ...(authorityNumber ? { f86_2109_certifiercbenumber: authorityNumber } : {}),
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
    // The form's control total, 'the total of zones 2.60 to 2.88': the period amounts and their total (the example's).
    f86_2059_totaalcontrole: sheet.periods.reduce((sum, p) => sum + p.amountCents, 0) + sheet.totalCents,
  };
}

/** Two stored forms say the same, whatever the order their zones were stored in. */
export function sameForm(a: FormZones, b: FormZones): boolean {
  const canonical = (zones: FormZones) =>
    JSON.stringify(
      Object.entries(zones)
        .map(([k, v]) => [k, String(v)])
        .sort(([x], [y]) => x!.localeCompare(y!)),
    );
  return canonical(a) === canonical(b);
}

export interface BelcotaxForm {
  zones: FormZones;
  treatment: Treatment;
}

/** The zones of a form in the schema's order (FICHE_ORDER), with its sequence number and treatment. */
function ficheZones(form: BelcotaxForm, sequence: number): [string, string | number][] {
  const zones: FormZones = { ...form.zones, f2007_division: '', f2009_volgnummer: sequence, f2028_typetraitement: form.treatment };
  zones.f2029_enkelopgave325 = 0;
  const unknown = Object.keys(zones).filter((zone) => !(FICHE_ORDER as readonly string[]).includes(zone));
  if (unknown.length > 0) throw new Error(`Belcotax: zones outside the schema's order: ${unknown.join(', ')}`);
  return FICHE_ORDER.filter((zone) => zone in zones).map((zone) => [zone, zones[zone]!]);
}

/**
 * The whole file: sender and declarant are the organiser; each form gets its sequence number 1, 2, 3…
 * `test` writes BCTEST instead of BELCOTAX, for Belcotax-on-web's test environment.
 */
export function belcotaxXml(
  year: number,
  organiser: OrganiserSettings,
  forms: BelcotaxForm[],
  createdOn: string,
  options: { test: boolean } = { test: false },
): string {
  const own = splitAddress(organiser.ORGANISER_ADDRESS);
  const companyNumber = digits(organiser.ORGANISER_COMPANY_NUMBER);
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: true }).ele('Verzendingen');
  const sending = root.ele('Verzending');
  const zones = (parent: typeof root, values: Iterable<[string, string | number]>) => {
    for (const [name, value] of values) parent.ele(name).txt(String(value));
  };
  zones(
    sending,
    Object.entries({
      v0002_inkomstenjaar: year,
      v0010_bestandtype: options.test ? 'BCTEST' : 'BELCOTAX',
      v0011_aanmaakdatum: xmlDate(createdOn),
      v0014_naam: organiser.ORGANISER_NAME,
      v0015_adres: own.street,
      v0016_postcode: own.postalcode,
      v0017_gemeente: own.city,
      v0018_telefoonnummer: belcotaxPhone(organiser.BELCOTAX_CONTACT_PHONE ?? ''),
      v0021_contactpersoon: organiser.BELCOTAX_CONTACT_NAME ?? '',
      v0022_taalcode: DUTCH,
      v0023_emailadres: organiser.BELCOTAX_CONTACT_EMAIL ?? '',
      v0024_nationaalnr: companyNumber,
      v0025_typeenvoi: 0,
      v0028_landwoonplaats: BELGIUM_CODE,
    }),
  );
  const declaration = sending.ele('Aangiften').ele('Aangifte');
  zones(
    declaration,
    Object.entries({
      a1002_inkomstenjaar: year,
      a1005_registratienummer: companyNumber,
      a1011_naamnl1: organiser.ORGANISER_NAME,
      a1013_adresnl: own.street,
      a1014_postcodebelgisch: own.postalcode,
      a1015_gemeente: own.city,
      a1016_landwoonplaats: BELGIUM_CODE,
      a1020_taalcode: DUTCH,
    }),
  );
  const list = declaration.ele('Opgaven').ele('Opgave32586');
  let sequenceTotal = 0;
  let controlTotal = 0;
  forms.forEach((form, i) => {
    const sequence = i + 1;
    sequenceTotal += sequence;
    controlTotal += Number(form.zones.f86_2059_totaalcontrole);
    zones(list.ele('Fiche28186'), ficheZones(form, sequence));
  });
  // The closing part of the declaration, as the example has it: its records (the forms plus its opening and
  // closing), the sum of the sequence numbers, the sum of the forms' control totals, the withholding taxes (none);
  // then of the sending, which adds its own two records.
  zones(
    declaration,
    Object.entries({
      r8002_inkomstenjaar: year,
      r8005_registratienummer: companyNumber,
      r8007_division: '',
      r8010_aantalrecords: forms.length + 2,
      r8011_controletotaal: sequenceTotal,
      r8012_controletotaal: controlTotal,
      r8013_totaalvoorheffingen: 0,
    }),
  );
  zones(
    sending,
    Object.entries({
      r9002_inkomstenjaar: year,
      r9010_aantallogbestanden: 3,
      r9011_totaalaantalrecords: forms.length + 4,
      r9012_controletotaal: sequenceTotal,
      r9013_controletotaal: controlTotal,
      r9014_controletotaal: 0,
    }),
  );
  return root.end({ prettyPrint: true });
}
