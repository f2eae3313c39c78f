import { formatDate, formatDateTime } from '@common/format.js';
import { agegroupPayload, locationPayload, lunchPreferencePayload, periodPayload, suggestedBirthyears } from '@common/schemas/season.js';
import { useCampYear } from '../../lib/camp-year.js';
import { dateTimeInputValue } from '../../lib/date-time-input.js';
import { useAgegroupAges, useLunchPreferences } from '../../lib/lookups.js';
import { useAdminLocations, useAdminPeriods } from './api/season-api.js';
import { SeasonListPage } from './components/SeasonListPage.js';

const orSlash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '/' : value);

/** Beheer › Locaties: the booking start and info that camps without their own inherit. */
export function LocationsPage() {
  const locations = useAdminLocations();
  return (
    <SeasonListPage
      title="Locaties"
      noun="Locatie"
      rows={locations}
      loadError="Niet gelukt om locaties op te halen. Probeer opnieuw."
      rowId={(l) => l.LOCATION_ID}
      rowName={(l) => l.LOCATION_NAME}
      columns={[
        { header: 'Naam', cell: (l) => l.LOCATION_NAME },
        { header: 'Korte naam', cell: (l) => l.LOCATION_NAME_SHORT },
        { header: 'Adres', cell: (l) => orSlash(l.LOCATION_ADDRESS) },
        { header: 'Inschrijven vanaf', cell: (l) => orSlash(formatDateTime(l.LOCATION_ALLOW_BOOKING_FROM)) },
        { header: 'Kampen', cell: (l) => l.CAMPS_USING },
      ]}
      schema={locationPayload}
      crudPath="crudLocation"
      idField="LOCATION_ID"
      newValues={{
        LOCATION_NAME: '',
        LOCATION_NAME_SHORT: '',
        LOCATION_ADDRESS: '',
        LOCATION_ALLOW_BOOKING_FROM: '',
        LOCATION_ALLOW_BOOKING_INFO: '',
      }}
      valuesOf={(l) => ({
        LOCATION_NAME: l.LOCATION_NAME,
        LOCATION_NAME_SHORT: l.LOCATION_NAME_SHORT,
        LOCATION_ADDRESS: l.LOCATION_ADDRESS ?? '',
        LOCATION_ALLOW_BOOKING_FROM: dateTimeInputValue(l.LOCATION_ALLOW_BOOKING_FROM),
        LOCATION_ALLOW_BOOKING_INFO: l.LOCATION_ALLOW_BOOKING_INFO ?? '',
      })}
      fields={[
        { name: 'LOCATION_NAME', label: 'Naam', required: true },
        { name: 'LOCATION_NAME_SHORT', label: 'Korte naam', required: true },
        { name: 'LOCATION_ADDRESS', label: 'Adres' },
        {
          name: 'LOCATION_ALLOW_BOOKING_FROM',
          label: 'Inschrijven mogelijk vanaf',
          type: 'datetime-local',
          hint: 'Kampen zonder eigen datum nemen deze over.',
        },
        { name: 'LOCATION_ALLOW_BOOKING_INFO', label: 'Info zolang inschrijven nog niet kan', textarea: true },
      ]}
    />
  );
}

/** Beheer › Periodes of the selected camp year, by start date. */
export function PeriodsPage() {
  const year = useCampYear();
  const periods = useAdminPeriods(year);
  return (
    <SeasonListPage
      title={`Periodes ${year}`}
      noun="Periode"
      rows={periods}
      loadError="Niet gelukt om periodes op te halen. Probeer opnieuw."
      rowId={(p) => p.PERIOD_ID}
      rowName={(p) => p.PERIOD_NAME}
      intro={<p className="text-muted">De periodes van kampjaar {year}, gesorteerd op begindatum. Kies een ander jaar bovenaan.</p>}
      columns={[
        { header: 'Naam', cell: (p) => p.PERIOD_NAME },
        { header: 'Korte naam', cell: (p) => p.PERIOD_NAME_SHORT },
        { header: 'Begin', cell: (p) => formatDate(p.PERIOD_STARTDATE) },
        { header: 'Einde', cell: (p) => formatDate(p.PERIOD_ENDDATE) },
        { header: 'Kampen', cell: (p) => p.CAMPS_USING },
      ]}
      schema={periodPayload}
      crudPath="crudPeriod"
      idField="PERIOD_ID"
      newValues={{ PERIOD_NAME: '', PERIOD_NAME_SHORT: '', PERIOD_STARTDATE: '', PERIOD_ENDDATE: '' }}
      valuesOf={(p) => ({
        PERIOD_NAME: p.PERIOD_NAME,
        PERIOD_NAME_SHORT: p.PERIOD_NAME_SHORT,
        PERIOD_STARTDATE: p.PERIOD_STARTDATE,
        PERIOD_ENDDATE: p.PERIOD_ENDDATE,
      })}
      fields={[
        { name: 'PERIOD_NAME', label: 'Naam', required: true },
        { name: 'PERIOD_NAME_SHORT', label: 'Korte naam', required: true },
        { name: 'PERIOD_STARTDATE', label: 'Begindatum', type: 'date', required: true },
        { name: 'PERIOD_ENDDATE', label: 'Einddatum', type: 'date', required: true },
      ]}
    />
  );
}

/** Beheer › Leeftijdsgroepen, with the birth years each suggests for a camp of the selected year. */
export function AgegroupsPage() {
  const year = useCampYear();
  const agegroups = useAgegroupAges();
  return (
    <SeasonListPage
      title="Leeftijdsgroepen"
      noun="Leeftijdsgroep"
      rows={agegroups}
      loadError="Niet gelukt om leeftijdsgroepen op te halen. Probeer opnieuw."
      rowId={(a) => a.AGEGROUP_ID}
      rowName={(a) => a.AGEGROUP_NAME}
      columns={[
        { header: 'Naam', cell: (a) => a.AGEGROUP_NAME },
        { header: 'Leeftijd', cell: (a) => (a.AGEGROUP_MIN_AGE === null ? '/' : `${a.AGEGROUP_MIN_AGE} tot ${a.AGEGROUP_MAX_AGE} jaar`) },
        {
          header: `Geboortejaren voor ${year}`,
          cell: (a) => {
            const years = suggestedBirthyears(a, year);
            return years ? `${years.MIN_BIRTHYEAR} - ${years.MAX_BIRTHYEAR}` : '/';
          },
        },
        { header: 'Kampen', cell: (a) => a.CAMPS_USING },
      ]}
      schema={agegroupPayload}
      crudPath="crudAgegroup"
      idField="AGEGROUP_ID"
      newValues={{ AGEGROUP_NAME: '', AGEGROUP_MIN_AGE: '', AGEGROUP_MAX_AGE: '' }}
      valuesOf={(a) => ({
        AGEGROUP_NAME: a.AGEGROUP_NAME,
        AGEGROUP_MIN_AGE: a.AGEGROUP_MIN_AGE ?? '',
        AGEGROUP_MAX_AGE: a.AGEGROUP_MAX_AGE ?? '',
      })}
      fields={[
        { name: 'AGEGROUP_NAME', label: 'Naam', required: true },
        { name: 'AGEGROUP_MIN_AGE', label: 'Minimumleeftijd', type: 'number', required: true },
        { name: 'AGEGROUP_MAX_AGE', label: 'Maximumleeftijd', type: 'number', required: true },
      ]}
    />
  );
}

/** Beheer › Lunchvoorkeuren. */
export function LunchPreferencesPage() {
  const lunch = useLunchPreferences();
  return (
    <SeasonListPage
      title="Lunchvoorkeuren"
      noun="Lunchvoorkeur"
      rows={lunch}
      loadError="Niet gelukt om lunchvoorkeuren op te halen. Probeer opnieuw."
      rowId={(l) => l.LUNCHPREFERENCE_ID}
      rowName={(l) => l.LUNCHPREFERENCE_DESCRIPTION}
      columns={[{ header: 'Omschrijving', cell: (l) => l.LUNCHPREFERENCE_DESCRIPTION }]}
      schema={lunchPreferencePayload}
      crudPath="crudLunchPreference"
      idField="LUNCHPREFERENCE_ID"
      newValues={{ LUNCHPREFERENCE_DESCRIPTION: '' }}
      valuesOf={(l) => ({ LUNCHPREFERENCE_DESCRIPTION: l.LUNCHPREFERENCE_DESCRIPTION })}
      fields={[{ name: 'LUNCHPREFERENCE_DESCRIPTION', label: 'Omschrijving', required: true }]}
    />
  );
}
