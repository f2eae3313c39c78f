import { useEffect, type ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { UseFormReturn } from 'react-hook-form';
import { formatDateTime, formatPeriodOption } from '@common/format.js';
import type { CampPayload, CampRecord, CampValues } from '@common/schemas/camps.js';
import { suggestedBirthyears } from '@common/schemas/season.js';
import { compareDutch } from '@common/sort.js';
import { ReadOnlyField, SelectField, TextField, type SelectOption } from '../../../components/form.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { SaveButton } from '../../../components/SaveButton.js';
import type { SaveState } from '../../../components/useSaveCycle.js';
import { useAgegroupAges, useAgegroups, useLocations, useMailTemplates, usePeriods, useThemes } from '../../../lib/lookups.js';
import { CampDaysPicker } from './CampDaysPicker.js';
import { CampMailSchedules } from './CampMailSchedules.js';

type CampForm = UseFormReturn<CampPayload, unknown, CampValues>;

const yesNo: SelectOption[] = [
  { value: 'true', label: 'Ja' },
  { value: 'false', label: 'Nee' },
];
const openClosed: SelectOption[] = [
  { value: 'false', label: 'Open' },
  { value: 'true', label: 'Gesloten' },
];

interface CampFormProps {
  form: CampForm;
  /** The camp being edited; without it the form creates one. */
  camp?: CampRecord;
  year: number;
  saveState: SaveState;
  onSubmit: () => void;
}

interface GridField {
  name: keyof CampPayload & string;
  label: string;
  /** A select with these choices; a text input without them. */
  options?: SelectOption[];
  placeholder?: string;
  /** A field that may stay empty (the cancellation fee, 0 by default): no star. */
  optional?: boolean;
}

const participantFields: GridField[] = [
  { name: 'MIN_BIRTHYEAR', label: 'Minimum geboortejaar' },
  { name: 'MAX_BIRTHYEAR', label: 'Maximum geboortejaar' },
  { name: 'PRICE', label: 'Prijs (€)' },
  { name: 'SEATS_AVAILABLE', label: 'Aantal plaatsen' },
  { name: 'CAMP_CLOSED', label: 'Status', options: openClosed },
];

const discountFields: GridField[] = [
  { name: 'CAMP_DISCOUNT_ALLOWED', label: 'Korting toegestaan', options: yesNo },
  { name: 'CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED', label: 'Korting volgens gekozen dagen', options: yesNo },
  { name: 'CAMP_FLEXIBLE_BOOKING_ALLOWED', label: 'Flexibel boeken toegestaan', options: yesNo },
  { name: 'CAMP_REDUCTION_TO_EARN', label: 'Te verdienen korting (€)' },
  { name: 'CAMP_FISCAL_MAX_REDUCTION', label: 'Fiscale maximumkorting (€)' },
  { name: 'CAMP_CANCELLATION_FEE', label: 'Annulatiekost (€)', optional: true },
  { name: 'CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS', label: 'Minimum aaneensluitende dagen' },
  { name: 'CAMP_MINIMUM_REQUIRED_CAMP_DAYS', label: 'Minimum aantal dagen' },
  { name: 'CAMP_MAXIMUM_ALLOWED_CAMP_DAYS', label: 'Maximum aantal dagen' },
];

const mailTemplateFields: GridField[] = [
  { name: 'CAMP_EMAILTEMPLATE_CONFIRM', label: 'Bevestiging' },
  { name: 'CAMP_EMAILTEMPLATE_CANCEL', label: 'Annulatie' },
  { name: 'CAMP_EMAILTEMPLATE_CONVERT_CASH', label: 'Omzetten naar cash betaling' },
  { name: 'CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER', label: 'Omzetten naar overschrijving betaling' },
];

/** Every camp field of spec section 3; location, period, theme and age group only when creating. */
export function CampForm({ form, camp, year, saveState, onSubmit }: CampFormProps) {
  const inherited = useInheritedBooking(form, camp);
  const period = useCampPeriod(form, year, camp);
  const templates = useMailTemplates();
  const templateOptions = (templates.data ?? []).map((t) => ({
    value: t.MAILTEMPLATE_ID,
    label: `${t.MAILTEMPLATE_ID}: ${t.MAILTEMPLATE_SUBJECT}`,
  }));
  return (
    <form onSubmit={onSubmit} noValidate>
      {!camp && <CampChoices form={form} year={year} />}

      <Section title="Deelnemers en prijs">
        <FieldGrid form={form} fields={participantFields} />
      </Section>

      <Section title="Inschrijven">
        <Row>
          <Col md={6}>
            <TextField form={form} name="CAMP_ALLOW_BOOKING_FROM" label="Inschrijven mogelijk vanaf" type="datetime-local" />
            {inherited.from && (
              <InheritedValue
                label="Inschrijvingsdatum van de locatie"
                value={inherited.from}
                hint={`De inschrijvingsdatum van op locatie-niveau zal gebruikt worden: ${inherited.from}`}
              />
            )}
          </Col>
          <Col md={6}>
            <TextField form={form} name="CAMP_ALLOW_BOOKING_INFO" label="Info zolang inschrijven nog niet kan" as="textarea" rows={2} />
            {inherited.info && (
              <InheritedValue
                label="Info van de locatie"
                value={inherited.info}
                hint={`Op de website zal de tekst vanop locatie-niveau getoond worden: ${inherited.info}`}
              />
            )}
          </Col>
          <Col md={12}>
            <CampDaysPicker form={form} period={period} />
          </Col>
        </Row>
      </Section>

      <Section title="Korting en flexibel boeken">
        <FieldGrid form={form} fields={discountFields} />
        <TextField form={form} name="REMARK" label="Opmerking" as="textarea" rows={2} />
      </Section>

      <Section title="Mail templates">
        {/* A select whose options arrive after it mounts shows the wrong choice, so it waits for the list. */}
        {templates.data ? (
          <FieldGrid form={form} fields={mailTemplateFields.map((f) => ({ ...f, options: templateOptions }))} />
        ) : (
          <LoadingLine />
        )}
      </Section>

      <Section title="Mail schedules">
        <CampMailSchedules campId={camp?.CAMP_ID} />
      </Section>

      <SaveButton state={saveState} busyLabel="Loading…" />
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3">
      <h3 className="h6 border-bottom pb-1 mb-3">{title}</h3>
      {children}
    </section>
  );
}

/** Fields four to a row on a wide screen, required unless marked optional. */
function FieldGrid({ form, fields }: { form: CampForm; fields: GridField[] }) {
  return (
    <Row>
      {fields.map(({ name, label, options, placeholder, optional }) => (
        <Col key={name} sm={6} lg={3}>
          {options ? (
            <SelectField form={form} name={name} label={label} options={options} placeholder={placeholder} required={!optional} />
          ) : (
            <TextField form={form} name={name} label={label} required={!optional} />
          )}
        </Col>
      ))}
    </Row>
  );
}

/** Location, period, theme and age group of a new camp; periods of the selected camp year. */
function CampChoices({ form, year }: { form: CampForm; year: number }) {
  const locations = useLocations();
  const periods = usePeriods(year);
  const themes = useThemes();
  const agegroups = useAgegroups();
  useSuggestedBirthyears(form, year);
  const byLabel = (a: SelectOption, b: SelectOption) => compareDutch(a.label, b.label);
  const choices: GridField[] = [
    {
      name: 'LOCATION_ID',
      label: 'Locatie',
      placeholder: 'Kies een locatie',
      options: (locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME })).sort(byLabel),
    },
    {
      name: 'PERIOD_ID',
      label: 'Periode',
      placeholder: 'Kies een periode',
      options: (periods.data ?? []).map((p) => ({
        value: p.PERIOD_ID,
        label: formatPeriodOption(p.PERIOD_NAME, p.PERIOD_STARTDATE, p.PERIOD_ENDDATE),
      })),
    },
    {
      name: 'THEME_ID',
      label: 'Thema',
      placeholder: 'Kies een thema',
      options: (themes.data ?? []).map((t) => ({ value: t.THEME_ID, label: t.THEME_NAME })).sort(byLabel),
    },
    {
      name: 'AGEGROUP_ID',
      label: 'Leeftijdsgroep',
      placeholder: 'Kies een leeftijdsgroep',
      options: (agegroups.data ?? []).map((a) => ({ value: a.AGEGROUP_ID, label: a.AGEGROUP_NAME })),
    },
  ];
  return (
    <Section title="Kamp">
      <FieldGrid form={form} fields={choices} />
    </Section>
  );
}

/**
 * A new camp takes the birth years its age group suggests for the camp year (Beheer ›
 * Leeftijdsgroepen), again when another age group is chosen, until staff type birth years of their own.
 */
function useSuggestedBirthyears(form: CampForm, year: number) {
  const agegroups = useAgegroupAges();
  const agegroupId = Number(form.watch('AGEGROUP_ID'));
  useEffect(() => {
    const agegroup = agegroups.data?.find((a) => a.AGEGROUP_ID === agegroupId);
    const years = agegroup && suggestedBirthyears(agegroup, year);
    const { dirtyFields } = form.formState;
    if (!years || dirtyFields.MIN_BIRTHYEAR || dirtyFields.MAX_BIRTHYEAR) return;
    form.setValue('MIN_BIRTHYEAR', years.MIN_BIRTHYEAR);
    form.setValue('MAX_BIRTHYEAR', years.MAX_BIRTHYEAR);
  }, [form, agegroups.data, agegroupId, year]);
}

/**
 * While the camp's own booking start or info is empty, the location's value applies (spec section
 * 2): the camp answer carries the location's values; a new camp takes them from the chosen location.
 * Answers the displayed values that apply, or null for a field the camp fills itself.
 */
function useInheritedBooking(form: CampForm, camp?: CampRecord): { from: string | null; info: string | null } {
  const locations = useLocations();
  const [locationId, ownFrom, ownInfo] = form.watch(['LOCATION_ID', 'CAMP_ALLOW_BOOKING_FROM', 'CAMP_ALLOW_BOOKING_INFO']);
  const location = locations.data?.find((l) => l.LOCATION_ID === Number(locationId));
  const locationFrom = camp?.LOCATION_ALLOW_BOOKING_FROM ?? location?.LOCATION_ALLOW_BOOKING_FROM;
  const locationInfo = camp?.LOCATION_ALLOW_BOOKING_INFO ?? location?.LOCATION_ALLOW_BOOKING_INFO;
  return {
    from: !ownFrom && locationFrom ? formatDateTime(locationFrom) : null,
    info: !ownInfo?.trim() && locationInfo ? locationInfo : null,
  };
}

/** The camp's period: its own when editing, the chosen one of the camp year when creating. */
function useCampPeriod(form: CampForm, year: number, camp?: CampRecord) {
  const periods = usePeriods(year);
  const periodId = Number(form.watch('PERIOD_ID'));
  if (camp) return { PERIOD_ID: camp.PERIOD_ID, PERIOD_STARTDATE: camp.PERIOD_STARTDATE, PERIOD_ENDDATE: camp.PERIOD_ENDDATE };
  return periods.data?.find((p) => p.PERIOD_ID === periodId);
}

function InheritedValue({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="mb-3">
      <ReadOnlyField label={label} value={value} className="mb-0" />
      <Form.Text>{hint}</Form.Text>
    </div>
  );
}
