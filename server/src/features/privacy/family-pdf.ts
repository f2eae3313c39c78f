import type { Content, TableCell } from 'pdfmake/interfaces';
import { auditActionLabel, auditChanges } from '@common/audit-fields.js';
import { GENDER_GIRL } from '@common/constants.js';
import { formatDate, formatDateTime } from '@common/format.js';
import { formatEuro, subscriptionAmounts } from '@common/money.js';
import { campDays } from '@common/participants.js';
import { roleLabels } from '@common/roles.js';
import { allergyKindLabels, photoConsentLabels, swimLabels } from '@common/safety-sheet.js';
import { paymentSourceLabels } from '@common/schemas/bank.js';
import { mailStatusLabels } from '@common/schemas/mail.js';
import { renderPdf } from '../../lib/pdf.js';
import type { FamilyData } from '../../domain/family-data.js';

/**
 * The access request (GDPR art. 15) as a document for the parent: every record of the family in Dutch words (no
 * field names, ids, record versions or codes of the product), laid out so that nothing runs off the page: facts as
 * label and value on the full width, lists in tables whose text wraps.
 */

const headerCell = (text: string): TableCell => ({ text, bold: true, fillColor: '#e6e6e6' });
const heading = (text: string): Content => ({ text, fontSize: 12, bold: true, margin: [0, 12, 0, 4] });
const euro = (cents: number) => formatEuro(cents / 100);
const or = (text: string | null | undefined) => (text && text.trim() !== '' ? text : '–');
const lines = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 3, paddingBottom: () => 3 };

function table(headers: string[], rows: TableCell[][], widths: (string | number)[]): Content {
  if (rows.length === 0) return { text: 'Geen.', italics: true };
  return { table: { headerRows: 1, widths, dontBreakRows: true, body: [headers.map(headerCell), ...rows] }, layout: lines };
}

/** Facts as 'label: value' rows over the page's width. */
function facts(rows: [string, string][]): Content {
  return {
    table: { widths: [140, '*'], dontBreakRows: true, body: rows.map(([label, value]) => [{ text: label, bold: true }, value]) },
    layout: lines,
  };
}

/** A child's safety sheet (issue 35) as the family gave it: every answer, and when and by whom it was saved. */
function sheetFacts(stored: NonNullable<FamilyData['children'][number]['safetySheet']>): Content {
  const { sheet } = stored;
  const persons = (list: { NAME: string; RELATION: string; PHONE?: string }[]) =>
    list.map((p) => [p.NAME, p.RELATION, p.PHONE].filter(Boolean).join(', ')).join('\n') || 'niemand';
  return facts([
    ['Allergieën', sheet.ALLERGIES.map((a) => `${a.WHAT} (${allergyKindLabels[a.KIND]}): ${a.ACTION}`).join('\n') || 'geen'],
    ['Aandoeningen', sheet.CONDITIONS.map((c) => `${c.NAME}: ${c.ACTION}`).join('\n') || 'geen'],
    [
      'Medicatie op kamp',
      sheet.MEDICATIONS.map(
        (m) =>
          `${m.NAME}, ${m.DOSE}${m.TIMES.length ? ` om ${m.TIMES.join(', ')}` : ''}; ${m.MONITORS_MAY_GIVE ? 'een monitor mag het geven' : 'niet door een monitor'}`,
      ).join('\n') || 'geen',
    ],
    ['Dieet', or(sheet.DIET)],
    ['Tetanusinenting', sheet.TETANUS_YEAR ? String(sheet.TETANUS_YEAR) : '–'],
    ['Kan zwemmen', swimLabels[sheet.CAN_SWIM]],
    ['Huisarts', [sheet.DOCTOR_NAME, sheet.DOCTOR_PHONE].filter(Boolean).join(', ') || '–'],
    ['Noodcontacten', persons(sheet.EMERGENCY_CONTACTS)],
    ['Mag ophalen', persons(sheet.PICKUP_ALLOWED)],
    ['Mag niet ophalen', persons(sheet.PICKUP_REFUSED)],
    ['Mag alleen naar huis', sheet.GOES_HOME_ALONE ? 'Ja' : 'Nee'],
    ["Foto's", `${photoConsentLabels[sheet.PHOTO_CONSENT]}${stored.photoConsentOn ? ` (sinds ${formatDate(stored.photoConsentOn)})` : ''}`],
    ['Opmerkingen', or(sheet.NOTES)],
    [
      'Ingevuld',
      `${stored.updatedBy === 'family' ? 'door u, via de website' : 'door ons'} op ${formatDateTime(stored.updatedAt.toISOString())}; ${stored.keepInAccount ? 'bewaard in uw account' : 'gewist na de bewaartermijn'}`,
    ],
  ]);
}

/** A change in the log as the parent reads it: the technical fields (ids, versions) left out. */
const technicalField = (field: string) => /(^id|_ID|Id|_VERSION|^version)$/.test(field);

export function familyPdf(family: FamilyData, now: Date, organiserName: string): Promise<Buffer> {
  const { parent } = family;
  const parentName = `${parent.firstname} ${parent.lastname}`;
  const content: Content[] = [
    { text: 'Inzage in uw persoonsgegevens', fontSize: 15, bold: true },
    { text: parentName, fontSize: 12, margin: [0, 2, 0, 2] },
    {
      text: `Opgemaakt op ${formatDateTime(now.toISOString())} door ${organiserName || 'de organisator'}, op uw vraag (AVG artikel 15). Dit zijn alle gegevens over u en uw kinderen die wij in onze inschrijvingen bewaren.`,
      margin: [0, 0, 0, 4],
    },
    heading('Ouder'),
    facts([
      ['Voornaam', parent.firstname],
      ['Familienaam', parent.lastname],
      ['Adres', `${parent.street} ${parent.housenr}`.trim() || '–'],
      ['Postcode en gemeente', `${parent.postalcode} ${parent.city}`.trim() || '–'],
      ['Land', or(parent.country)],
      ['Telefoon', or(parent.phone)],
      ['Tweede telefoon', or(parent.phone2)],
      ['E-mailadres', or(parent.email)],
      ['Rijksregisternummer', or(parent.nationalnr)],
    ]),
  ];
  for (const child of family.children) {
    content.push(
      heading(`Kind: ${child.firstname} ${child.lastname}`),
      facts([
        ['Voornaam', child.firstname],
        ['Familienaam', child.lastname],
        ['Geslacht', child.genderId === GENDER_GIRL ? 'Meisje' : 'Jongen'],
        ['Geboortedatum', formatDate(child.birthdate)],
        ['Rijksregisternummer', or(child.nationalnr)],
      ]),
    );
    if (child.safetySheet) content.push({ text: 'Veiligheidsfiche', bold: true, margin: [0, 8, 0, 2] }, sheetFacts(child.safetySheet));
    for (const s of child.subscriptions) {
      const discounts = s.discounts.map((d) => `${euro(d.amountCents)} (${d.remark})`).join(', ');
      const { amountToPayCents } = subscriptionAmounts({
        campPriceCents: s.campPriceCents,
        discountsCents: s.discounts.map((d) => d.amountCents),
        paidAmountCents: s.paidAmountCents,
        cancellation: s.cancelled ? { cancellationFeeCents: s.camp.cancellationFeeCents } : null,
      });
      const present = s.attendance.filter((a) => a.present).map((a) => formatDate(a.day));
      const absent = s.attendance.filter((a) => !a.present).map((a) => formatDate(a.day));
      content.push(
        {
          text: `Inschrijving ${s.reference}: ${s.camp.theme} - ${s.camp.location}, ${s.camp.period} (${formatDate(s.camp.startDate)} - ${formatDate(s.camp.endDate)}), ${s.camp.agegroup}`,
          bold: true,
          margin: [0, 8, 0, 2],
        },
        facts([
          ['Ingeschreven op', formatDateTime(s.createdAt)],
          ['Kampprijs', euro(s.campPriceCents)],
          ['Kortingen', discounts || 'geen'],
          ['Te betalen', euro(amountToPayCents)],
          ['Betaald', euro(s.paidAmountCents)],
          ['Betaaldatum', s.paymentDate ? formatDate(s.paymentDate) : '–'],
          ['Betaalwijze', s.paymentMethod],
          ['Rekening van de betaler', or(s.paidAccountNr)],
          ['Geannuleerd', s.cancelled ? `Ja${s.cancellationDate ? `, op ${formatDate(s.cancellationDate)}` : ''}` : 'Nee'],
          ['Lunch', or(s.lunchPreference)],
          ['Opmerking', or(s.remark)],
          ...(s.selectedDays ? [['Gekozen dagen', campDays(s.selectedDays).map(formatDate).join(', ')] as [string, string]] : []),
          ['Aanwezig', present.join(', ') || 'nog geen dag'],
          ...(absent.length > 0 ? [['Afwezig', absent.join(', ')] as [string, string]] : []),
        ]),
      );
      if (s.payments.length > 0)
        content.push(
          { text: 'Betalingen', bold: true, margin: [0, 4, 0, 2] },
          table(
            ['Datum', 'Bedrag', 'Hoe', 'Rekening', 'Betaler', 'Mededeling'],
            s.payments.map((p) => [
              p.valueDate ? formatDate(p.valueDate) : '–',
              euro(p.amountCents),
              paymentSourceLabels[p.source],
              or(p.accountNr),
              or(p.payerName),
              or(p.communication ?? p.structuredCommunication),
            ]),
            [55, 55, 80, 95, '*', '*'],
          ),
        );
    }
  }
  content.push(
    heading('Mails die wij u stuurden'),
    table(
      ['Datum', 'Aan', 'Onderwerp', 'Status'],
      family.mails.map((m) => [formatDateTime(m.createdAt), m.recipient, m.subject, mailStatusLabels[m.status]]),
      [75, 150, '*', 55],
    ),
    heading('Logboek: wie wat veranderde aan deze gegevens'),
    table(
      ['Wanneer', 'Door', 'Wat', 'Wijzigingen'],
      family.auditEntries.map((e) => [
        formatDateTime(e.at),
        e.userRole ? roleLabels[e.userRole] : 'Systeem',
        auditActionLabel(e.action),
        auditChanges(e.before, e.after)
          .filter((c) => !technicalField(c.field))
          // Roboto has no arrow glyph: the PDF writes old -> new.
          .map((c) => `${c.label}: ${c.old} -> ${c.new}`)
          .join('\n'),
      ]),
      [75, 60, 110, '*'],
    ),
  );
  const title = `Inzage in persoonsgegevens: ${parentName}`;
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title, creator: organiserName || 'Kampbeheer' },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: '#000000' },
    content,
    footer: (currentPage, pageCount) => ({
      text: `Pagina ${currentPage} van ${pageCount}`,
      fontSize: 8,
      alignment: 'right',
      margin: [36, 10],
    }),
  });
}
