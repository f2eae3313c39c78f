import { MONITOR_LOCATION_FIELDS, type MonitorRecord } from '@common/schemas/monitors.js';
import type { SpreadsheetFormat } from '@common/schemas/participants.js';
import type { Executor } from '../../db/client.js';
import { locations } from '../../db/schema.js';
import { spreadsheetFile, type Column, type DownloadFile } from '../../lib/downloads.js';
import { todayInBelgium } from '@common/calendar.js';
import { listMonitors } from './queries.js';

/** exportMonitors: every monitor in the overview's order, with every field and the camp locations by name. */
export async function monitorsFile(db: Executor, format: SpreadsheetFormat): Promise<DownloadFile> {
  const [monitors, locationRows] = await Promise.all([listMonitors(db), db.select().from(locations)]);
  const locationNames = new Map(locationRows.map((l) => [l.id, l.name]));
  const columns: Column<MonitorRecord>[] = [
    { header: 'Familienaam', kind: 'text', width: 18, value: (m) => m.MONITOR_LASTNAME },
    { header: 'Voornaam', kind: 'text', width: 14, value: (m) => m.MONITOR_FIRSTNAME },
    { header: 'E-mail', kind: 'text', width: 30, value: (m) => m.MONITOR_EMAIL },
    { header: 'Telefoon', kind: 'text', width: 15, value: (m) => m.MONITOR_PHONE },
    { header: 'Opmerking', kind: 'text', width: 24, value: (m) => m.MONITOR_REMARK },
    { header: 'Geboortedatum', kind: 'date', width: 13, value: (m) => m.MONITOR_BIRTHDATE },
    { header: 'Rijksregisternummer', kind: 'text', width: 18, value: (m) => m.MONITOR_NATIONALNR },
    { header: 'Rekeningnummer', kind: 'text', width: 22, value: (m) => m.MONITOR_ACCOUNT_NR },
    { header: 'Straat', kind: 'text', width: 20, value: (m) => m.MONITOR_STREET },
    { header: 'Huisnummer', kind: 'text', width: 11, value: (m) => m.MONITOR_HOUSENR },
    { header: 'Postcode', kind: 'text', width: 9, value: (m) => m.MONITOR_POSTALCODE },
    { header: 'Gemeente', kind: 'text', width: 16, value: (m) => m.MONITOR_CITY },
    ...MONITOR_LOCATION_FIELDS.map((key, i): Column<MonitorRecord> => ({
      header: `Kamplocatie ${i + 1}`,
      kind: 'text',
      width: 30,
      value: (m) => (m[key] === null ? null : (locationNames.get(m[key]) ?? null)),
    })),
  ];
  return spreadsheetFile(format, `monitoren-${todayInBelgium()}`, 'Monitoren', columns, monitors);
}
