import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { GENDER_BOY, GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { registrationPrice } from '@common/registration.js';
import { STAFF_SUBSCRIPTION_SOURCES, subscriptionSourceLabels, type StaffSubscriptionSource } from '@common/subscription-source.js';
import type { BookingOverrides, FamilyRecord } from '@common/schemas/registration.js';
import { BookingOverrideChecks, noOverrides } from '../../components/BookingOverrideChecks.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { FamilySearch } from '../../components/FamilySearch.js';
import { paths } from '../../app/paths.js';
import { useCampYear } from '../../lib/camp-year.js';
import { campAgeText, campChoiceLabel, campSeatsText, sortCampChoices } from '../../lib/camp-choice.js';
import { ApiError } from '../../lib/api-client.js';
import { useLunchPreferences, usePaymentMethods } from '../../lib/lookups.js';
import { useCampsOfYear, useCreateSubscription } from './api/registration.js';
import { TextField } from './components/TextField.js';
import { RequiredMark } from '../../components/TextInput.js';

const emptyParent = {
  SUBSCRIBER_PARENT_FIRSTNAME: '',
  SUBSCRIBER_PARENT_LASTNAME: '',
  SUBSCRIBER_PARENT_STREET: '',
  SUBSCRIBER_PARENT_HOUSENR: '',
  SUBSCRIBER_PARENT_POSTALCODE: '',
  SUBSCRIBER_PARENT_CITY: '',
  SUBSCRIBER_PARENT_COUNTRY: 'België',
  SUBSCRIBER_PARENT_PHONE: '',
  SUBSCRIBER_PARENT_PHONE2: '',
  SUBSCRIBER_PARENT_EMAIL: '',
  SUBSCRIBER_PARENT_NATIONALNR: '',
};
const emptyChild = {
  SUBSCRIBER_FIRSTNAME: '',
  SUBSCRIBER_LASTNAME: '',
  SUBSCRIBER_GENDER_ID: '',
  SUBSCRIBER_BIRTHDATE: '',
  SUBSCRIBER_NATIONALNR: '',
};
type ParentFields = typeof emptyParent;
type ChildFields = typeof emptyChild;

const parentLabels: [keyof ParentFields, string, 'text' | 'email' | 'tel', boolean][] = [
  ['SUBSCRIBER_PARENT_FIRSTNAME', 'Voornaam', 'text', true],
  ['SUBSCRIBER_PARENT_LASTNAME', 'Achternaam', 'text', true],
  ['SUBSCRIBER_PARENT_STREET', 'Straat', 'text', true],
  ['SUBSCRIBER_PARENT_HOUSENR', 'Huisnummer', 'text', true],
  ['SUBSCRIBER_PARENT_POSTALCODE', 'Postcode', 'text', true],
  ['SUBSCRIBER_PARENT_CITY', 'Gemeente', 'text', true],
  ['SUBSCRIBER_PARENT_COUNTRY', 'Land', 'text', true],
  ['SUBSCRIBER_PARENT_PHONE', 'Telefoon', 'tel', true],
  ['SUBSCRIBER_PARENT_PHONE2', 'Telefoon 2', 'tel', false],
  ['SUBSCRIBER_PARENT_EMAIL', 'E-mail', 'email', true],
  ['SUBSCRIBER_PARENT_NATIONALNR', 'Rijksregisternummer', 'text', false],
];

/**
 * 'Inschrijving toevoegen' (issue 18): a registration taken by phone or at the desk. Camp (with age group, birth
 * years, seats and price, 'Gesloten' when closed, and the days of a flexible camp), the parent found on the server or entered new, their child or a
 * new one, then payment method, lunch preference and remark. The server checks everything with the detail
 * cards' rules; its Dutch messages show at the fields. A choice that breaks a camp's rule (closed, the child's
 * birth year, full; issue 39) says so and offers its override. After saving the new subscription's detail opens.
 */
export default function SubscriptionNewPage() {
  const year = useCampYear();
  const navigate = useNavigate();
  const camps = useCampsOfYear(year);
  const paymentMethods = usePaymentMethods();
  const lunchPreferences = useLunchPreferences();
  const create = useCreateSubscription();

  const [campId, setCampId] = useState('');
  const [days, setDays] = useState<string[]>([]);
  const [family, setFamily] = useState<FamilyRecord | null>(null);
  const [newParent, setNewParent] = useState(false);
  const [parent, setParent] = useState<ParentFields>(emptyParent);
  const [childId, setChildId] = useState<number | 'new' | null>(null);
  const [child, setChild] = useState<ChildFields>(emptyChild);
  const [paymentMethodId, setPaymentMethodId] = useState(String(PAYMENT_METHOD.bankTransfer));
  const [source, setSource] = useState<StaffSubscriptionSource>('phone');
  const [lunchPreferenceId, setLunchPreferenceId] = useState('');
  const [remark, setRemark] = useState('');
  const [overrides, setOverrides] = useState<BookingOverrides>(noOverrides);

  const camp = camps.data?.find((c) => String(c.CAMP_ID) === campId) ?? null;
  const activeDays = useMemo(() => (camp?.ACTIVE_DAYS ?? '').split(',').filter(Boolean), [camp]);
  const flexible = camp?.CAMP_FLEXIBLE_BOOKING_ALLOWED ?? false;
  const sortedCamps = useMemo(() => sortCampChoices(camps.data ?? []), [camps.data]);
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldError = (name: string) => error?.fields?.[name];

  const chooseCamp = (id: string) => {
    setCampId(id);
    const chosen = camps.data?.find((c) => String(c.CAMP_ID) === id);
    setDays(chosen?.CAMP_FLEXIBLE_BOOKING_ALLOWED ? chosen.ACTIVE_DAYS.split(',').filter(Boolean) : []);
    setOverrides(noOverrides);
  };
  const chooseFamily = (found: FamilyRecord | null) => {
    setFamily(found);
    setNewParent(found === null);
    setChildId(found && found.CHILDREN.length > 0 ? null : 'new');
  };

  const save = () => {
    const input = {
      CAMP_ID: campId,
      ...(family && !newParent ? { SUBSCRIBER_PARENT_ID: family.SUBSCRIBER_PARENT_ID } : parent),
      ...(typeof childId === 'number' ? { SUBSCRIBER_ID: childId } : child),
      PAYMENTMETHOD_ID: paymentMethodId,
      SUBSCRIPTION_SOURCE: source,
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchPreferenceId,
      SUBSCRIPTION_REMARK: remark,
      SUBSCRIPTION_SELECTED_DAYS: flexible ? days : [],
      ...overrides,
    };
    create.mutate(input, { onSuccess: (answer) => navigate(paths.subscriptionDetail(answer.SUBSCRIPTION_ID)) });
  };

  const parentChosen = (family !== null && !newParent) || newParent;
  const knownChild = !newParent && typeof childId === 'number' ? family?.CHILDREN.find((c) => c.SUBSCRIBER_ID === childId) : undefined;
  const bookedChild = knownChild
    ? { name: `${knownChild.SUBSCRIBER_FIRSTNAME} ${knownChild.SUBSCRIBER_LASTNAME}`, birthdate: knownChild.SUBSCRIBER_BIRTHDATE }
    : childId === 'new' && child.SUBSCRIBER_BIRTHDATE
      ? { name: `${child.SUBSCRIBER_FIRSTNAME} ${child.SUBSCRIBER_LASTNAME}`.trim() || 'Het kind', birthdate: child.SUBSCRIBER_BIRTHDATE }
      : null;
  return (
    <>
      <Link to={paths.subscriptionOverview(year)} className="btn btn-outline-secondary btn-sm">
        {'<< Terug naar overzicht'}
      </Link>
      <h1 className="h3 my-3">Inschrijving toevoegen ({year})</h1>
      {camps.isPending && <LoadingLine />}
      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          1. Kamp
        </Card.Header>
        <Card.Body>
          <Form.Group controlId="registration-camp" className="mb-2">
            <Form.Label>
              Kamp
              <RequiredMark />
            </Form.Label>
            <Form.Select value={campId} onChange={(e) => chooseCamp(e.target.value)} isInvalid={fieldError('CAMP_ID') !== undefined}>
              <option value="">Kies een kamp</option>
              {sortedCamps.map((c) => (
                <option key={c.CAMP_ID} value={c.CAMP_ID}>
                  {campChoiceLabel(c)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fieldError('CAMP_ID')}</Form.Control.Feedback>
          </Form.Group>
          {camp && (
            <p className="mb-2" data-testid="camp-choice">
              {camp.CAMP_CLOSED && <span className="badge text-bg-secondary me-1">Gesloten</span>}
              Leeftijd: {campAgeText(camp)}. Plaatsen: {camp.SEATS_TAKEN}/{camp.SEATS_AVAILABLE} bezet, {campSeatsText(camp)}. Prijs:{' '}
              {formatEuro(registrationPrice(camp.PRICE, flexible, activeDays, days))}
              {flexible && ` voor ${days.length} van ${activeDays.length} dagen`}
            </p>
          )}
          {flexible && (
            <fieldset>
              <legend className="fs-6">Kampdagen</legend>
              {activeDays.map((day) => (
                <Form.Check
                  inline
                  key={day}
                  id={`day-${day}`}
                  label={formatDate(day)}
                  checked={days.includes(day)}
                  onChange={(e) => setDays((current) => (e.target.checked ? [...current, day].sort() : current.filter((d) => d !== day)))}
                />
              ))}
              {fieldError('SUBSCRIPTION_SELECTED_DAYS') && (
                <div className="text-danger small">{fieldError('SUBSCRIPTION_SELECTED_DAYS')}</div>
              )}
            </fieldset>
          )}
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          2. Ouder
        </Card.Header>
        <Card.Body>
          <FamilySearch
            id="registration-family-search"
            chosenId={family?.SUBSCRIBER_PARENT_ID ?? null}
            onChoose={chooseFamily}
            hideResults={newParent}
            actions={
              <Button variant="outline-primary" onClick={() => chooseFamily(null)} active={newParent} aria-pressed={newParent}>
                Nieuwe ouder
              </Button>
            }
          />
          {family && !newParent && (
            <p className="mb-0" data-testid="chosen-parent">
              Gekozen ouder: {family.SUBSCRIBER_PARENT_FIRSTNAME} {family.SUBSCRIBER_PARENT_LASTNAME} ({family.SUBSCRIBER_PARENT_EMAIL})
            </p>
          )}
          {newParent && (
            <div className="row">
              {parentLabels.map(([name, label, type, required]) => (
                <TextField
                  key={name}
                  label={label}
                  type={type}
                  required={required}
                  value={parent[name]}
                  onChange={(value) => setParent((p) => ({ ...p, [name]: value }))}
                  error={fieldError(name)}
                />
              ))}
            </div>
          )}
        </Card.Body>
      </Card>

      {parentChosen && (
        <Card className="mb-3">
          <Card.Header as="h2" className="h5">
            3. Kind
          </Card.Header>
          <Card.Body>
            <fieldset className="mb-2">
              <legend className="fs-6">Welk kind?</legend>
              {!newParent &&
                family?.CHILDREN.map((c) => (
                  <Form.Check
                    type="radio"
                    key={c.SUBSCRIBER_ID}
                    id={`child-${c.SUBSCRIBER_ID}`}
                    name="registration-child"
                    label={`${c.SUBSCRIBER_FIRSTNAME} ${c.SUBSCRIBER_LASTNAME} (${formatDate(c.SUBSCRIBER_BIRTHDATE)})`}
                    checked={childId === c.SUBSCRIBER_ID}
                    onChange={() => setChildId(c.SUBSCRIBER_ID)}
                  />
                ))}
              <Form.Check
                type="radio"
                id="child-new"
                name="registration-child"
                label="Nieuw kind"
                checked={childId === 'new'}
                onChange={() => setChildId('new')}
              />
              {fieldError('SUBSCRIBER_ID') && <div className="text-danger small">{fieldError('SUBSCRIBER_ID')}</div>}
            </fieldset>
            {childId === 'new' && (
              <div className="row">
                <TextField
                  label="Voornaam kind"
                  required
                  value={child.SUBSCRIBER_FIRSTNAME}
                  onChange={(v) => setChild((c) => ({ ...c, SUBSCRIBER_FIRSTNAME: v }))}
                  error={fieldError('SUBSCRIBER_FIRSTNAME')}
                />
                <TextField
                  label="Achternaam kind"
                  required
                  value={child.SUBSCRIBER_LASTNAME}
                  onChange={(v) => setChild((c) => ({ ...c, SUBSCRIBER_LASTNAME: v }))}
                  error={fieldError('SUBSCRIBER_LASTNAME')}
                />
                <Form.Group controlId="registration-gender" className="mb-2 col-md-6">
                  <Form.Label>
                    Geslacht
                    <RequiredMark />
                  </Form.Label>
                  <Form.Select
                    value={child.SUBSCRIBER_GENDER_ID}
                    onChange={(e) => setChild((c) => ({ ...c, SUBSCRIBER_GENDER_ID: e.target.value }))}
                    isInvalid={fieldError('SUBSCRIBER_GENDER_ID') !== undefined}
                  >
                    <option value="">Kies</option>
                    <option value={GENDER_GIRL}>Meisje</option>
                    <option value={GENDER_BOY}>Jongen</option>
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{fieldError('SUBSCRIBER_GENDER_ID')}</Form.Control.Feedback>
                </Form.Group>
                <TextField
                  label="Geboortedatum"
                  type="date"
                  required
                  value={child.SUBSCRIBER_BIRTHDATE}
                  onChange={(v) => setChild((c) => ({ ...c, SUBSCRIBER_BIRTHDATE: v }))}
                  error={fieldError('SUBSCRIBER_BIRTHDATE')}
                />
                <TextField
                  label="Rijksregisternummer kind"
                  value={child.SUBSCRIBER_NATIONALNR}
                  onChange={(v) => setChild((c) => ({ ...c, SUBSCRIBER_NATIONALNR: v }))}
                  error={fieldError('SUBSCRIBER_NATIONALNR')}
                />
              </div>
            )}
          </Card.Body>
        </Card>
      )}

      <Card className="mb-3">
        <Card.Header as="h2" className="h5">
          4. Betaling en andere gegevens
        </Card.Header>
        <Card.Body className="row">
          <Form.Group controlId="registration-source" className="mb-2 col-md-6">
            <Form.Label>
              Ingeschreven via
              <RequiredMark />
            </Form.Label>
            <Form.Select value={source} onChange={(e) => setSource(e.target.value as StaffSubscriptionSource)}>
              {STAFF_SUBSCRIPTION_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {subscriptionSourceLabels[s]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="registration-payment-method" className="mb-2 col-md-6">
            <Form.Label>
              Betaalwijze
              <RequiredMark />
            </Form.Label>
            <Form.Select
              value={paymentMethodId}
              onChange={(e) => setPaymentMethodId(e.target.value)}
              isInvalid={fieldError('PAYMENTMETHOD_ID') !== undefined}
            >
              {paymentMethods.data?.map((m) => (
                <option key={m.PAYMENTMETHOD_ID} value={m.PAYMENTMETHOD_ID}>
                  {m.PAYMENTMETHOD_DESCRIPTION}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fieldError('PAYMENTMETHOD_ID')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="registration-lunch" className="mb-2 col-md-6">
            <Form.Label>
              Lunchvoorkeur
              <RequiredMark />
            </Form.Label>
            <Form.Select
              value={lunchPreferenceId}
              onChange={(e) => setLunchPreferenceId(e.target.value)}
              isInvalid={fieldError('SUBSCRIPTION_LUNCH_PREFERENCE_ID') !== undefined}
            >
              <option value="">Kies een lunchvoorkeur</option>
              {lunchPreferences.data?.map((l) => (
                <option key={l.LUNCHPREFERENCE_ID} value={l.LUNCHPREFERENCE_ID}>
                  {l.LUNCHPREFERENCE_DESCRIPTION}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fieldError('SUBSCRIPTION_LUNCH_PREFERENCE_ID')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="registration-remark" className="mb-2">
            <Form.Label>Opmerking</Form.Label>
            <Form.Control as="textarea" rows={2} value={remark} onChange={(e) => setRemark(e.target.value)} />
          </Form.Group>
        </Card.Body>
      </Card>

      <BookingOverrideChecks
        idPrefix="registration"
        camp={camp}
        child={bookedChild}
        errorCode={error?.code}
        value={overrides}
        onChange={setOverrides}
      />
      <ErrorAlert message={create.error ? (error?.fields ? 'Opslaan mislukt, probeer opnieuw.' : create.error.message) : null} />
      <Button onClick={save} disabled={create.isPending || campId === ''}>
        {create.isPending ? 'Bezig…' : 'Inschrijving opslaan'}
      </Button>
    </>
  );
}
