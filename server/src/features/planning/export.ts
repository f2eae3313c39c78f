import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { RegisterAnswer } from '@common/schemas/planning.js';
import { volunteerKindLabels, type VolunteerKind } from '@common/volunteer-allowance.js';
import { CONTENT_TYPES, writeXlsx, type Column, type DownloadFile } from '../../lib/downloads.js';
import { renderPdf } from '../../lib/pdf.js';

/**
 * exportVolunteerRegister (issue 36): the year's register of volunteer allowances per monitor, for the organiser's
 * accountant: the nominative list the law asks for (name, day, amount) with each monitor's total and cap.
 */

interface Line {
  monitor: string;
  kind: string;
  day: string | null;
  camp: string;
  amount: number;
  cap: number | null;
}

function linesOf(register: RegisterAnswer): Line[] {
  return register.totals.flatMap((total) => {
    const kind = volunteerKindLabels[total.VOLUNTEER_KIND as VolunteerKind];
    const days = register.rows.filter((r) => r.MONITOR_ID === total.MONITOR_ID);
    return [
      ...days.map((r) => ({
        monitor: r.MONITOR_NAME,
        kind,
        day: r.DAY,
        camp: r.CAMP_LABEL,
        amount: r.AMOUNT,
        cap: total.VOLUNTEER_DAILY_CAP,
      })),
      { monitor: total.MONITOR_NAME, kind, day: null, camp: 'Totaal van het jaar', amount: total.TOTAL, cap: total.VOLUNTEER_YEARLY_CAP },
    ];
  });
}

const columns: Column<Line>[] = [
  { header: 'Monitor', kind: 'text', width: 26, value: (l) => l.monitor },
  { header: 'Soort vrijwilliger', kind: 'text', width: 30, value: (l) => l.kind },
  { header: 'Dag', kind: 'date', width: 12, value: (l) => l.day },
  { header: 'Kamp', kind: 'text', width: 44, value: (l) => l.camp },
  { header: 'Vergoeding', kind: 'euro', width: 13, value: (l) => l.amount },
  { header: 'Plafond', kind: 'euro', width: 13, value: (l) => l.cap },
];

function registerPdf(register: RegisterAnswer, year: number, organiser: string): TDocumentDefinitions {
  const sections: Content[] = register.totals.map((total) => ({
    stack: [
      { text: total.MONITOR_NAME, bold: true, fontSize: 11, margin: [0, 10, 0, 2] },
      { text: volunteerKindLabels[total.VOLUNTEER_KIND as VolunteerKind], margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: [70, '*', 70],
          body: [
            [
              { text: 'Dag', bold: true },
              { text: 'Kamp', bold: true },
              { text: 'Vergoeding', bold: true, alignment: 'right' },
            ],
            ...register.rows
              .filter((r) => r.MONITOR_ID === total.MONITOR_ID)
              .map((r) => [formatDate(r.DAY), r.CAMP_LABEL, { text: formatEuro(r.AMOUNT), alignment: 'right' as const }]),
            [{ text: 'Totaal', bold: true }, '', { text: formatEuro(total.TOTAL), bold: true, alignment: 'right' as const }],
          ],
        },
        layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
      },
      {
        text: `Dagplafond ${total.VOLUNTEER_DAILY_CAP === null ? '-' : formatEuro(total.VOLUNTEER_DAILY_CAP)}, jaarplafond ${
          total.VOLUNTEER_YEARLY_CAP === null ? '-' : formatEuro(total.VOLUNTEER_YEARLY_CAP)
        }.`,
        fontSize: 8,
        margin: [0, 2, 0, 0],
      },
    ],
    unbreakable: register.rows.filter((r) => r.MONITOR_ID === total.MONITOR_ID).length < 25,
  }));
  return {
    pageSize: 'A4',
    pageMargins: [32, 36, 32, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9, color: '#000000' },
    info: { title: `Register vrijwilligersvergoedingen ${year}` },
    footer: (currentPage, pageCount) => ({ text: `Pagina ${currentPage} van ${pageCount}`, alignment: 'center', fontSize: 8 }),
    content: [
      { text: `Register vrijwilligersvergoedingen ${year}`, bold: true, fontSize: 14 },
      { text: `${organiser}: forfaitaire kostenvergoedingen per vrijwilliger en kampdag.`, margin: [0, 2, 0, 6] },
      ...(sections.length ? sections : [{ text: 'Geen vergoedingen in dit jaar.' }]),
    ],
  };
}

export async function registerFile(
  register: RegisterAnswer,
  year: number,
  format: 'xlsx' | 'pdf',
  organiser: string,
): Promise<DownloadFile> {
  const baseName = `vrijwilligersvergoedingen-${year}`;
  if (format === 'pdf')
    return { body: await renderPdf(registerPdf(register, year, organiser)), contentType: CONTENT_TYPES.pdf, fileName: `${baseName}.pdf` };
  return {
    body: await writeXlsx(`Register ${year}`, columns, linesOf(register)),
    contentType: CONTENT_TYPES.xlsx,
    fileName: `${baseName}.xlsx`,
  };
}
