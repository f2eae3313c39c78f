import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate } from '@common/format.js';
import { campDays, dayLabel, longDayLabel, lunchCounts, participantsOn, type CampParticipant } from '@common/participants.js';
import { photoConsentLabels, safetyLevelLabels, type MedicationDose } from '@common/safety-sheet.js';
import { renderPdf } from '../../lib/pdf.js';
import type { CampFacts } from './queries.js';

const BOX_SIZE = 11;
/** An empty square to tick with a pen: a drawn box prints on any printer, in black and white. */
const tickBox = (): Content => ({ canvas: [{ type: 'rect', x: 0, y: 1, w: BOX_SIZE, h: BOX_SIZE, lineWidth: 1 }] });
const notBooked = (): Content => ({ text: '–', bold: true });

export const campTitle = (camp: CampFacts) => `${camp.themeName} - ${camp.locationName}`;
const campSubtitle = (camp: CampFacts) =>
  `${camp.periodName} (${formatDate(camp.periodStart)} - ${formatDate(camp.periodEnd)}) | ${camp.agegroupName}`;
const childName = (p: CampParticipant) => `${p.SUBSCRIBER_LASTNAME}, ${p.SUBSCRIBER_FIRSTNAME}`;
const parentLine = (p: CampParticipant) =>
  [`${p.SUBSCRIBER_PARENT_FIRSTNAME} ${p.SUBSCRIBER_PARENT_LASTNAME}`, p.SUBSCRIBER_PARENT_PHONE, p.SUBSCRIBER_PARENT_PHONE2]
    .filter(Boolean)
    .join('\n');
const headerCell = (text: string): TableCell => ({ text, bold: true, fillColor: '#e6e6e6' });

function lunchLine(participants: CampParticipant[]): Content {
  const counts = lunchCounts(participants);
  return {
    text: [
      { text: 'Lunch: ', bold: true },
      counts.map((c) => `${c.label}: ${c.count}`).join('  ·  ') || 'geen kinderen',
      { text: `  ·  Totaal: ${participants.length}`, bold: true },
    ],
    margin: [0, 0, 0, 8],
  };
}

/** A list's page: the camp, the heading, the body, and in the footer the day it was printed (`printedOn`, a day in Belgium). */
function document(
  camp: CampFacts,
  heading: string,
  orientation: 'portrait' | 'landscape',
  body: Content[],
  printedOn: string,
): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: orientation,
    pageMargins: [32, 36, 32, 40],
    info: { title: `${campTitle(camp)} - ${heading}`, creator: 'Kampbeheer' },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: '#000000' },
    content: [
      { text: campTitle(camp), fontSize: 15, bold: true },
      { text: campSubtitle(camp), margin: [0, 2, 0, 2] },
      { text: heading, fontSize: 12, bold: true, margin: [0, 4, 0, 6] },
      ...body,
    ],
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${campTitle(camp)} - ${heading}`, fontSize: 8 },
        { text: `Afgedrukt op ${formatDate(printedOn)}`, fontSize: 8, alignment: 'center' },
        { text: `Pagina ${currentPage} van ${pageCount}`, fontSize: 8, alignment: 'right' },
      ],
      margin: [32, 12, 32, 0],
    }),
  };
}

/** The remark, then the safety sheet's warnings with their level in capitals (readable in black and white). */
const remarkCell = (p: CampParticipant): Content => ({
  stack: [
    ...(p.SUBSCRIPTION_REMARK ? [{ text: p.SUBSCRIPTION_REMARK }] : []),
    ...(p.SAFETY_WARNINGS ?? []).map((w) => ({
      text: [{ text: `${safetyLevelLabels[w.LEVEL].toUpperCase()}: `, bold: true }, w.TEXT],
    })),
    ...(p.PHOTO_CONSENT ? [{ text: `Foto's: ${photoConsentLabels[p.PHOTO_CONSENT].toLowerCase()}`, fontSize: 8 }] : []),
  ],
});

/** The day's medication round (issue 35): time, child, medication and dose, whether a monitor may give it. */
function medicationTable(round: MedicationDose[]): Content[] {
  return [
    { text: 'Medicatieronde', fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
    round.length === 0
      ? { text: 'Geen medicatie vandaag.' }
      : {
          table: {
            headerRows: 1,
            widths: [40, 130, '*', 100, 70],
            body: [
              ['Uur', 'Kind', 'Medicatie', 'Dosis', 'Monitor geeft'].map(headerCell),
              ...round.map((d) => [d.TIME, d.CHILD_NAME, d.MEDICATION, d.DOSE, d.MONITORS_MAY_GIVE ? 'ja' : 'nee, ouder']),
            ],
          },
          layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
        },
  ];
}

/** Who may collect each child at the end of the day, who may not, and who goes home alone (issue 35). */
function pickupTable(participants: CampParticipant[]): Content[] {
  const persons = (list: { NAME: string; RELATION: string; PHONE?: string }[]) =>
    list.map((x) => [x.NAME, x.RELATION, x.PHONE].filter(Boolean).join(', ')).join('\n');
  return [
    { text: 'Ophalen', fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [130, '*', 130, 60],
        body: [
          ['Kind', 'Mag ophalen', 'Niet meegeven aan', 'Alleen naar huis'].map(headerCell),
          ...participants.map((p) => [
            { text: childName(p), bold: true },
            persons(p.PICKUP_ALLOWED ?? []),
            { text: persons(p.PICKUP_REFUSED ?? []), bold: true },
            p.GOES_HOME_ALONE ? 'ja' : 'nee',
          ]),
        ],
      },
      layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
    },
  ];
}

/** The sign-in list of one day: a box to tick per child, the lunch counts, page numbers; with the sheets, their warnings, medication and pick-up. */
function dayListDocument(
  camp: CampFacts,
  day: string,
  participants: CampParticipant[],
  printedOn: string,
  round?: MedicationDose[],
): TDocumentDefinitions {
  const present = participantsOn(participants, day);
  const rows: TableCell[][] = present.map((p, i) => [
    tickBox(),
    String(i + 1),
    { text: childName(p), bold: true },
    String(p.SUBSCRIBER_AGE),
    p.LUNCHPREFERENCE_DESCRIPTION ?? '',
    remarkCell(p),
    parentLine(p),
  ]);
  return document(
    camp,
    `Daglijst ${longDayLabel(day)}`,
    'portrait',
    [
      lunchLine(present),
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          // 'auto' for the age: its header is its widest text, so 'Leeftijd' is never split over two lines (issue 39).
          widths: [BOX_SIZE + 2, 16, 110, 'auto', 70, '*', 105],
          body: [['', '#', 'Kind', 'Leeftijd', 'Lunch', 'Opmerking', 'Ouder en telefoon'].map(headerCell), ...rows],
        },
        layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 4, paddingBottom: () => 4 },
      },
      ...(round ? [...medicationTable(round), ...pickupTable(present)] : []),
    ],
    printedOn,
  );
}

/** The whole camp as one grid: the child with age, lunch and remark, a column per day, a box where the child is booked, '–' where it is not. */
function weekGridDocument(camp: CampFacts, participants: CampParticipant[], printedOn: string): TDocumentDefinitions {
  const days = campDays(camp.activeDays);
  const rows: TableCell[][] = participants.map((p, i) => [
    String(i + 1),
    { text: childName(p), bold: true },
    String(p.SUBSCRIBER_AGE),
    p.LUNCHPREFERENCE_DESCRIPTION ?? '',
    p.SUBSCRIPTION_REMARK ?? '',
    parentLine(p),
    ...days.map((day) => (p.DAYS.includes(day) ? tickBox() : notBooked())),
  ]);
  const lunchTable: Content = {
    table: {
      headerRows: 1,
      body: [
        ['Lunch per dag', ...days.map(dayLabel)].map(headerCell),
        ...lunchLabels(participants).map((label) => [
          label,
          ...days.map((day) => String(lunchCounts(participantsOn(participants, day)).find((c) => c.label === label)?.count ?? 0)),
        ]),
        [{ text: 'Totaal', bold: true }, ...days.map((day) => ({ text: String(participantsOn(participants, day).length), bold: true }))],
      ],
    },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
    margin: [0, 0, 0, 10],
  };
  const first = days[0] ?? camp.periodStart;
  const last = days[days.length - 1] ?? camp.periodEnd;
  return document(
    camp,
    `Weekoverzicht ${formatDate(first)} - ${formatDate(last)}`,
    'landscape',
    [
      lunchTable,
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          // The remark is where parents write allergies: the monitors need it all week (issue 39).
          widths: [16, 110, 'auto', 70, 130, 100, ...days.map(() => '*')],
          body: [['#', 'Kind', 'Leeftijd', 'Lunch', 'Opmerking', 'Ouder en telefoon', ...days.map(dayLabel)].map(headerCell), ...rows],
        },
        layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 4, paddingBottom: () => 4 },
      },
      { text: '– = niet geboekt op die dag', fontSize: 8, margin: [0, 6, 0, 0] },
    ],
    printedOn,
  );
}

/** Every lunch label that occurs in the camp, in the order of lunchCounts. */
function lunchLabels(participants: CampParticipant[]): string[] {
  return lunchCounts(participants).map((c) => c.label);
}

/**
 * The A4 PDF of a day list (with a day) or of the week grid (without), its footer dated `printedOn`: the day in Belgium
 * by the server's clock (server/src/lib/clock.ts), so a test of a camp day prints that day.
 */
export async function participantsPdf(
  camp: CampFacts,
  participants: CampParticipant[],
  printedOn: string,
  day?: string,
  round?: MedicationDose[],
): Promise<Buffer> {
  const definition =
    day === undefined ? weekGridDocument(camp, participants, printedOn) : dayListDocument(camp, day, participants, printedOn, round);
  return renderPdf(definition);
}
