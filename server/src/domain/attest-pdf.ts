import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { recognitionLabels, type AttestPeriod } from '@common/fiscal-attests.js';
import { formatDate } from '@common/format.js';
import { centsToEuro, formatEuro } from '@common/money.js';
import { renderPdf } from '../lib/pdf.js';
import type { OrganiserSettings } from '../lib/settings.js';
import type { AttestChildFacts, NumberedSheet } from './attest-facts.js';

/**
 * The attests as PDF: the fiscal attest 281.86 (Vak I the organiser, Vak II debtor, child, periods, total,
 * number, date and signatory; one page per attest) and the participation attest for the health insurer.
 */

const euro = (cents: number) => formatEuro(centsToEuro(cents));

/** '85073003361' → '85.07.30-033.61', the way the national number is printed on Belgian forms. */
export function printedNationalNumber(text: string | null): string {
  const digits = (text ?? '').replace(/\D/g, '');
  if (digits.length !== 11) return text ?? '-';
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4, 6)}-${digits.slice(6, 9)}.${digits.slice(9)}`;
}

const heading = (text: string): Content => ({ text, bold: true, fontSize: 11, margin: [0, 10, 0, 4] });
const line = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, bold: true }, value], margin: [0, 1, 0, 1] });

function signature(organiser: OrganiserSettings, date: string): Content[] {
  return [
    { text: `Datum: ${formatDate(date)}`, margin: [0, 14, 0, 2] },
    line('Naam ondertekenaar', organiser.SIGNATORY_NAME ?? '-'),
    line('Hoedanigheid', organiser.SIGNATORY_CAPACITY ?? '-'),
    ...(organiser.SIGNATURE_IMAGE ? [{ image: organiser.SIGNATURE_IMAGE, fit: [160, 60], margin: [0, 6, 0, 0] } as Content] : []),
  ];
}

function organiserBlock(organiser: OrganiserSettings): Content[] {
  return [
    line('Naam', organiser.ORGANISER_NAME),
    line('Adres', organiser.ORGANISER_ADDRESS ?? '-'),
    line('Ondernemingsnummer (KBO)', organiser.ORGANISER_COMPANY_NUMBER ?? '-'),
    ...(organiser.ORGANISER_BELCOTAX_REFERENCE ? [line('Belcotax-referentie', organiser.ORGANISER_BELCOTAX_REFERENCE)] : []),
  ];
}

function periodTable(periods: AttestPeriod[], totalCents: number): Content {
  return {
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', '*', 'auto', 'auto', 'auto'],
      body: [
        ['Periode', 'Van', 'Tot', 'Aantal dagen', 'Dagtarief', 'Bedrag'].map((text) => ({ text, bold: true, fillColor: '#e6e6e6' })),
        ...periods.map((p, i) => [
          String(i + 1),
          formatDate(p.startDate),
          formatDate(p.endDate),
          { text: String(p.days), alignment: 'right' as const },
          { text: euro(p.dailyTariffCents), alignment: 'right' as const },
          { text: euro(p.amountCents), alignment: 'right' as const },
        ]),
        [{ text: 'Totaal', bold: true, colSpan: 5 }, '', '', '', '', { text: euro(totalCents), bold: true, alignment: 'right' as const }],
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

function fiscalAttestPage(
  year: number,
  child: AttestChildFacts,
  sheet: NumberedSheet,
  organiser: OrganiserSettings,
  dailyMaximumCents: number | null,
  date: string,
): Content[] {
  const d = sheet.debtor;
  return [
    { text: 'Fiscaal attest kinderopvang', fontSize: 16, bold: true },
    { text: `Formulier 281.86 - inkomstenjaar ${year}`, fontSize: 11, margin: [0, 2, 0, 0] },
    line('Attestnummer', String(sheet.number)),
    heading('Vak I - De instelling of opvangvoorziening'),
    ...organiserBlock(organiser),
    line('Erkend, gesubsidieerd of gecontroleerd door', organiser.RECOGNITION_CODE ? recognitionLabels[organiser.RECOGNITION_CODE] : '-'),
    line('Certificerende overheid', organiser.CERTIFYING_AUTHORITY ?? '-'),
    line('Adres certificerende overheid', organiser.CERTIFYING_AUTHORITY_ADDRESS ?? '-'),
    line('Ondernemingsnummer certificerende overheid', organiser.CERTIFYING_AUTHORITY_COMPANY_NUMBER ?? '-'),
    heading('Vak II - De schuldenaar (wie de kosten betaalde)'),
    line('Naam', `${d.firstname} ${d.lastname}`),
    line('Adres', `${d.street}, ${d.postalcode} ${d.city}, ${d.country}`),
    line('Rijksregisternummer', printedNationalNumber(d.nationalNumber)),
    ...(sheet.debtor.sharePercent < 100 ? [line('Aandeel in de kosten', `${sheet.debtor.sharePercent} %`)] : []),
    heading('Het kind'),
    line('Naam', `${child.firstname} ${child.lastname}`),
    line('Geboortedatum', formatDate(child.birthdate)),
    line('Rijksregisternummer', printedNationalNumber(child.nationalNumber)),
    line('Adres', `${child.address.street}, ${child.address.postalcode} ${child.address.city}, ${child.address.country}`),
    ...(child.severeDisability ? [{ text: 'Kind met een ernstige handicap (jonger dan 21 jaar).', margin: [0, 2, 0, 0] } as Content] : []),
    heading('Periodes van opvang (enkel aanwezige en volledig betaalde dagen)'),
    periodTable(sheet.periods, sheet.totalCents),
    {
      text:
        dailyMaximumCents === null
          ? 'Het attest vermeldt het werkelijke dagtarief; de FOD Financiën past het fiscale dagmaximum toe.'
          : `Het attest vermeldt het werkelijke dagtarief; de FOD Financiën past het fiscale dagmaximum toe (${euro(dailyMaximumCents)} per dag voor ${year}).`,
      fontSize: 8,
      margin: [0, 6, 0, 0],
    },
    ...signature(organiser, date),
  ];
}

function pdfDocument(title: string, pages: Content[][]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title, creator: 'Kampbeheer' },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#000000' },
    content: pages.map((page, i) => ({ stack: page, ...(i > 0 ? { pageBreak: 'before' as const } : {}) })),
  };
}

/** One PDF with every attest of the child (one page each). */
export function fiscalAttestPdf(
  year: number,
  child: AttestChildFacts,
  organiser: OrganiserSettings,
  dailyMaximumCents: number | null,
  date: string,
): Promise<Buffer> {
  const pages = child.sheets.map((sheet) => fiscalAttestPage(year, child, sheet, organiser, dailyMaximumCents, date));
  return renderPdf(pdfDocument(`Fiscaal attest ${year} - ${child.firstname} ${child.lastname}`, pages));
}

export interface ParticipationFacts {
  campName: string;
  locationName: string;
  locationAddress: string | null;
  childFirstname: string;
  childLastname: string;
  childBirthdate: string;
  attendedDays: string[];
  paidAmountCents: number;
}

/** The generic participation attest: every field the health insurers' own forms ask for. */
export function participationAttestPdf(facts: ParticipationFacts, organiser: OrganiserSettings, date: string): Promise<Buffer> {
  const first = facts.attendedDays[0]!;
  const last = facts.attendedDays[facts.attendedDays.length - 1]!;
  const page: Content[] = [
    { text: 'Deelname-attest', fontSize: 16, bold: true },
    { text: 'Voor de terugbetaling door het ziekenfonds (mutualiteit)', margin: [0, 2, 0, 0] },
    heading('De organisator'),
    ...organiserBlock(organiser),
    heading('Het kamp'),
    line('Kamp', facts.campName),
    line('Plaats', facts.locationAddress ? `${facts.locationName}, ${facts.locationAddress}` : facts.locationName),
    heading('Het kind'),
    line('Naam', `${facts.childFirstname} ${facts.childLastname}`),
    line('Geboortedatum', formatDate(facts.childBirthdate)),
    heading('Deelname'),
    line('Periode', `${formatDate(first)} - ${formatDate(last)}`),
    line('Aantal aanwezige dagen', String(facts.attendedDays.length)),
    line('Aanwezig op', facts.attendedDays.map(formatDate).join(', ')),
    line('Betaald bedrag', euro(facts.paidAmountCents)),
    { text: 'Wij verklaren dat het kind op de vermelde dagen aan het kamp heeft deelgenomen.', margin: [0, 10, 0, 0] },
    ...signature(organiser, date),
  ];
  return renderPdf(pdfDocument(`Deelname-attest - ${facts.childFirstname} ${facts.childLastname}`, [page]));
}
