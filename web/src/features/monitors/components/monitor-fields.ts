import type { MonitorRecord } from '@common/schemas/monitors.js';

/** The detail screen waits for the locations; when they fail to load it says so (spec section 8 names no message). */
export const loadLocationsFailed = 'Niet gelukt om locaties op te halen. Probeer opnieuw.';

export type MonitorFieldName = Exclude<keyof MonitorRecord, 'MONITOR_ID' | 'MONITOR_VERSION'>;

/** What the inputs hold: text, '' for empty, location ids as select values. */
export type MonitorFormValues = Record<MonitorFieldName, string>;

export interface MonitorFieldSpec {
  name: MonitorFieldName;
  label: string;
  /** Bootstrap columns from the sm breakpoint. */
  width: number;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'location';
  required?: boolean;
  hint?: string;
}

export interface MonitorCardSpec {
  title: string;
  /** Bootstrap columns from the lg breakpoint. */
  columns: number;
  fields: readonly MonitorFieldSpec[];
}

const campLocation = (n: 1 | 2 | 3 | 4 | 5): MonitorFieldSpec => ({
  name: `MONITOR_CAMP_LOCATION_${n}`,
  label: `Kamplocatie ${n}`,
  width: 4,
  kind: 'location',
});

/**
 * The three cards of the detail screen and the monitor fields each one holds (spec sections 2 and 3);
 * on a wide screen Gegevens and Adres stand side by side, Andere gegevens below.
 */
export const monitorCards: readonly MonitorCardSpec[] = [
  {
    title: 'Gegevens',
    columns: 7,
    fields: [
      { name: 'MONITOR_FIRSTNAME', label: 'Voornaam', width: 6, required: true },
      { name: 'MONITOR_LASTNAME', label: 'Familienaam', width: 6, required: true },
      { name: 'MONITOR_EMAIL', label: 'E-mail', width: 6, kind: 'email', required: true },
      { name: 'MONITOR_PHONE', label: 'Telefoon', width: 6, kind: 'tel', required: true },
      { name: 'MONITOR_BIRTHDATE', label: 'Geboortedatum', width: 6, kind: 'date' },
      { name: 'MONITOR_NATIONALNR', label: 'Rijksregisternummer', width: 6 },
    ],
  },
  {
    title: 'Adres',
    columns: 5,
    fields: [
      { name: 'MONITOR_STREET', label: 'Straat', width: 8 },
      { name: 'MONITOR_HOUSENR', label: 'Huisnummer', width: 4 },
      { name: 'MONITOR_POSTALCODE', label: 'Postcode', width: 4 },
      { name: 'MONITOR_CITY', label: 'Gemeente', width: 8 },
    ],
  },
  {
    title: 'Andere gegevens',
    columns: 12,
    fields: [
      { name: 'MONITOR_ACCOUNT_NR', label: 'Rekeningnummer', width: 6, hint: '16 tekens, zonder spaties' },
      { name: 'MONITOR_REMARK', label: 'Opmerking', width: 12, kind: 'textarea' },
      campLocation(1),
      campLocation(2),
      campLocation(3),
      campLocation(4),
      campLocation(5),
    ],
  },
];

const fieldNames = monitorCards.flatMap((card) => card.fields.map((field) => field.name));

/** The inputs' values of a monitor, or of a new one: null becomes '', a location id its select value. */
export function monitorFormValues(monitor?: MonitorRecord): MonitorFormValues {
  return Object.fromEntries(
    fieldNames.map((name) => {
      const value = monitor?.[name];
      return [name, value === null || value === undefined ? '' : String(value)];
    }),
  ) as MonitorFormValues;
}

/** Only the values of one card's fields. */
export function cardValues(card: MonitorCardSpec, values: MonitorFormValues): Partial<MonitorFormValues> {
  return Object.fromEntries(card.fields.map(({ name }) => [name, values[name]]));
}
