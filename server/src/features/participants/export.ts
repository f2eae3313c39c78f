import { paymentStatusText } from '@common/payment-status.js';
import { campDays, dayLabel, type CampParticipant } from '@common/participants.js';
import type { ExportCampParticipantsQuery } from '@common/schemas/participants.js';
import type { MedicationDose } from '@common/safety-sheet.js';
import { CONTENT_TYPES, fileNamePart, spreadsheetFile, type Column, type DownloadFile } from '../../lib/downloads.js';
import { campTitle, participantsPdf } from './pdf.js';
import type { CampFacts } from './queries.js';

const attendanceText = (p: CampParticipant, day: string) => {
  if (!p.DAYS.includes(day)) return 'Niet geboekt';
  const value = p.ATTENDANCE[day];
  return value === true ? 'Aanwezig' : value === false ? 'Afwezig' : '';
};

/** The participant list's columns, then one column per camp day with what was registered. */
function participantColumns(days: string[]): Column<CampParticipant>[] {
  return [
    { header: 'Voornaam', kind: 'text', width: 14, value: (p) => p.SUBSCRIBER_FIRSTNAME },
    { header: 'Familienaam', kind: 'text', width: 18, value: (p) => p.SUBSCRIBER_LASTNAME },
    { header: 'Geboortedatum', kind: 'date', width: 13, value: (p) => p.SUBSCRIBER_BIRTHDATE },
    { header: 'Leeftijd', kind: 'integer', width: 9, value: (p) => p.SUBSCRIBER_AGE },
    { header: 'Lunch', kind: 'text', width: 20, value: (p) => p.LUNCHPREFERENCE_DESCRIPTION },
    { header: 'Opmerking', kind: 'text', width: 30, value: (p) => p.SUBSCRIPTION_REMARK },
    { header: 'Ouder', kind: 'text', width: 22, value: (p) => `${p.SUBSCRIBER_PARENT_FIRSTNAME} ${p.SUBSCRIBER_PARENT_LASTNAME}` },
    { header: 'Telefoon', kind: 'text', width: 15, value: (p) => p.SUBSCRIBER_PARENT_PHONE },
    { header: 'Telefoon 2', kind: 'text', width: 15, value: (p) => p.SUBSCRIBER_PARENT_PHONE2 },
    { header: 'E-mail ouder', kind: 'text', width: 28, value: (p) => p.SUBSCRIBER_PARENT_EMAIL },
    {
      header: 'Betaalstatus',
      kind: 'text',
      width: 28,
      value: (p) =>
        p.PAYMENT_STATUS ? paymentStatusText(p.PAYMENT_STATUS, p.SUBSCRIPTION_SALDO ?? 0, p.SUBSCRIPTION_AMOUNT_TO_PAY ?? 0) : '',
    },
    { header: 'Saldo', kind: 'euro', width: 11, value: (p) => p.SUBSCRIPTION_SALDO },
    { header: 'Referentie', kind: 'text', width: 14, value: (p) => p.SUBSCRIPTION_REFERENCE },
    ...days.map((day): Column<CampParticipant> => ({
      header: dayLabel(day),
      kind: 'text',
      width: 12,
      value: (p) => attendanceText(p, day),
    })),
  ];
}

/** exportCampParticipants: the day list (with a date) or the whole camp, as PDF, xlsx or CSV. */
export async function campParticipantsFile(
  camp: CampFacts,
  participants: CampParticipant[],
  query: ExportCampParticipantsQuery,
  /** Today in Belgium by the server's clock: the printed lists' date. */
  today: string,
  /** The day's medication round, for a printed day list of a reader of the camp's safety sheets (issue 35). */
  round?: MedicationDose[],
): Promise<DownloadFile> {
  const year = camp.periodStart.slice(0, 4);
  const baseName = ['deelnemers', fileNamePart(campTitle(camp)), fileNamePart(camp.periodName), query.date ?? year].join('-');
  if (query.format === 'pdf') {
    return {
      body: await participantsPdf(camp, participants, today, query.date, round),
      contentType: CONTENT_TYPES.pdf,
      fileName: `${baseName}${query.date ? '' : '-week'}.pdf`,
    };
  }
  const days = query.date ? [query.date] : campDays(camp.activeDays);
  return spreadsheetFile(query.format, baseName, 'Deelnemers', participantColumns(days), participants);
}
