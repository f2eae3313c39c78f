import type { Content, TableCell } from 'pdfmake/interfaces';
import { auditActionLabel, auditChanges, auditEntityLabels, auditFieldLabel, formatAuditValue } from '@common/audit-fields.js';
import { formatDate, formatDateTime } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { renderPdf } from '../../lib/pdf.js';
import type { FamilyData } from './family.js';

const headerCell = (text: string): TableCell => ({ text, bold: true, fillColor: '#e6e6e6' });
const heading = (text: string): Content => ({ text, fontSize: 12, bold: true, margin: [0, 12, 0, 4] });
const euro = (cents: number) => formatEuro(cents / 100);

function table(headers: string[], rows: TableCell[][], widths?: (string | number)[]): Content {
  if (rows.length === 0) return { text: 'Geen.', italics: true };
  return {
    table: { headerRows: 1, widths: widths ?? headers.map(() => '*'), body: [headers.map(headerCell), ...rows] },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 3, paddingBottom: () => 3 },
  };
}

/** A stored record as 'field: value' lines, with the Dutch field names of the audit log; the national number in full (it is theirs). */
function fields(record: Record<string, unknown>, skip: string[]): Content {
  const rows = Object.entries(record)
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]): TableCell[] => [
      auditFieldLabel(key),
      key === 'nationalnr' && value ? String(value) : formatAuditValue(key, value),
    ]);
  return table(['Gegeven', 'Waarde'], rows, [150, '*']);
}

/** The access request (GDPR art. 15) as a document a parent can read: every record of the family, in Dutch. */
export function familyPdf(family: FamilyData, now: Date): Promise<Buffer> {
  const { parent } = family;
  const title = `Inzage in persoonsgegevens (AVG artikel 15): ${parent.firstname} ${parent.lastname}`;
  const content: Content[] = [
    { text: title, fontSize: 15, bold: true },
    { text: `Opgemaakt door Kampbeheer op ${formatDateTime(now.toISOString())}`, margin: [0, 2, 0, 0] },
    heading('Ouder'),
    fields(parent, ['id']),
  ];
  for (const child of family.children) {
    content.push(heading(`Kind: ${child.firstname} ${child.lastname}`), fields(child, ['id', 'parentId', 'subscriptions']));
    for (const s of child.subscriptions) {
      content.push(
        {
          text: `Inschrijving ${s.reference}: ${s.camp.theme} - ${s.camp.location}, ${s.camp.period} (${formatDate(s.camp.startDate)} - ${formatDate(s.camp.endDate)}), ${s.camp.agegroup}`,
          bold: true,
          margin: [0, 8, 0, 2],
        },
        table(
          ['Ingeschreven', 'Prijs', 'Betaald', 'Betaaldatum', 'Rekening', 'Geannuleerd', 'Opmerking'],
          [
            [
              formatDateTime(s.createdAt),
              euro(s.campPriceCents),
              euro(s.paidAmountCents),
              formatDate(s.paymentDate),
              s.paidAccountNr ?? '',
              s.cancelled ? 'Ja' : 'Nee',
              s.remark ?? '',
            ],
          ],
        ),
      );
      if (s.discounts.length > 0)
        content.push(
          table(
            ['Korting', 'Bedrag', 'Reden'],
            s.discounts.map((d) => [formatDateTime(d.createdAt), euro(d.amountCents), d.remark]),
          ),
        );
      if (s.payments.length > 0)
        content.push(
          table(
            ['Betaling', 'Bedrag', 'Rekening', 'Betaler', 'Mededeling'],
            s.payments.map((p) => [
              formatDate(p.valueDate),
              euro(p.amountCents),
              p.accountNr ?? '',
              p.payerName ?? '',
              p.communication ?? p.structuredCommunication ?? '',
            ]),
          ),
        );
      if (s.attendance.length > 0)
        content.push({
          text: `Aanwezig: ${
            s.attendance
              .filter((a) => a.present)
              .map((a) => formatDate(a.day))
              .join(', ') || 'geen dag'
          }`,
          margin: [0, 2, 0, 0],
        });
    }
  }
  content.push(
    heading('Verstuurde mails'),
    table(
      ['Datum', 'Aan', 'Onderwerp', 'Status'],
      family.mails.map((m) => [formatDateTime(m.createdAt), m.recipient, m.subject, m.status]),
      [80, 140, '*', 50],
    ),
    heading('Logboek: wijzigingen aan deze gegevens'),
    table(
      ['Wanneer', 'Wie', 'Actie', 'Wijzigingen'],
      family.auditEntries.map((e) => [
        formatDateTime(e.at),
        e.user ?? 'Systeem',
        `${auditActionLabel(e.action)} (${auditEntityLabels[e.entity] ?? e.entity})`,
        auditChanges(e.before, e.after)
          // Roboto has no arrow glyph: the PDF writes old -> new.
          .map((c) => `${c.label}: ${c.old} -> ${c.new}`)
          .join('\n'),
      ]),
      [80, 100, 100, '*'],
    ),
  );
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title, creator: 'Kampbeheer' },
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
