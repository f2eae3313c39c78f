import Form from 'react-bootstrap/Form';
import { ageOutOfRangeMessage, birthYearFits, CAMP_CLOSED_MESSAGE } from '@common/registration.js';
import type { BookingOverrides } from '@common/schemas/registration.js';
import type { CampRecord } from '@common/schemas/camps.js';

export const noOverrides: BookingOverrides = { overCapacity: false, overAgeRange: false, overClosed: false };

/** The override each refusal code of a booking asks for (server/src/features/registration/service.ts). */
const overrideOfCode: Record<string, keyof BookingOverrides> = {
  CAMP_FULL: 'overCapacity',
  AGE_OUT_OF_RANGE: 'overAgeRange',
  CAMP_CLOSED: 'overClosed',
};
export const overrideFor = (code: string | undefined): keyof BookingOverrides | undefined =>
  code === undefined ? undefined : overrideOfCode[code];

/**
 * The camp's own rules a booking breaks (issues 18 and 39), each with its reason and the checkbox that books
 * anyway: a closed camp, a child born outside the birth years, a full camp. Shown as soon as the choice breaks
 * a rule, and for the rule the server refused by its code.
 */
export function BookingOverrideChecks({
  idPrefix,
  camp,
  child,
  errorCode,
  value,
  onChange,
}: {
  idPrefix: string;
  camp: CampRecord | null | undefined;
  /** The child's name and birth date, once known. */
  child: { name: string; birthdate: string } | null;
  errorCode: string | undefined;
  value: BookingOverrides;
  onChange: (value: BookingOverrides) => void;
}) {
  if (!camp) return null;
  const refused = overrideFor(errorCode);
  const validBirthdate = child && /^\d{4}-\d{2}-\d{2}$/.test(child.birthdate) ? child : null;
  const rules: { override: keyof BookingOverrides; reason: string; label: string }[] = [];
  if (camp.CAMP_CLOSED || refused === 'overClosed')
    rules.push({ override: 'overClosed', reason: CAMP_CLOSED_MESSAGE, label: 'Toch inschrijven (gesloten kamp)' });
  if ((validBirthdate && !birthYearFits(camp, validBirthdate.birthdate)) || refused === 'overAgeRange')
    rules.push({
      override: 'overAgeRange',
      reason: validBirthdate ? ageOutOfRangeMessage(validBirthdate.name, validBirthdate.birthdate, camp) : '',
      label: 'Toch inschrijven (buiten leeftijd)',
    });
  if (camp.SEATS_OPEN <= 0 || refused === 'overCapacity')
    rules.push({ override: 'overCapacity', reason: 'Dit kamp is volzet.', label: 'Toch inschrijven (boven capaciteit)' });
  if (rules.length === 0) return null;
  return (
    <div className="mb-2" data-testid="booking-overrides">
      {rules.map(({ override, reason, label }) => (
        <div key={override} className="mb-1">
          {reason && <div className="text-warning-emphasis small">{reason}</div>}
          <Form.Check
            id={`${idPrefix}-${override}`}
            label={label}
            checked={value[override]}
            onChange={(e) => onChange({ ...value, [override]: e.target.checked })}
          />
        </div>
      ))}
    </div>
  );
}
