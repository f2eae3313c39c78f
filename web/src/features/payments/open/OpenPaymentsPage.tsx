import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDateTime } from '@common/format.js';
import { countText } from '@common/format.js';
import type { OpenPaymentRecord } from '@common/schemas/reminders.js';
import { compareDutch } from '@common/sort.js';
import { paths } from '../../../app/paths.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { FilterSelect } from '../../../components/FilterSelect.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { Progress } from '../../../components/Progress.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { useLocations, usePeriods } from '../../../lib/lookups.js';
import { useOpenPayments, useYearCamps } from '../api/get-open-payments.js';
import { useSendPaymentReminders, type ReminderRun } from '../api/send-payment-reminders.js';
import { PaymentsTabs } from '../PaymentsTabs.js';
import { Money } from '../../../components/Money.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { mailsToSendTitle } from '../../../components/mass-action.js';

interface OpenPaymentsFilter {
  campId: string;
  periodId: string;
  locationId: string;
  minDaysOverdue: string;
}

const noFilter: OpenPaymentsFilter = { campId: '', periodId: '', locationId: '', minDaysOverdue: '' };

/**
 * 'Openstaande betalingen' (issue 19): the year's subscriptions with money open, filtered on the server;
 * staff select rows and send a reminder to each parent. The server refuses a reminder too soon after the
 * last one or past the maximum, and the result says which it skipped and why.
 */
export default function OpenPaymentsPage() {
  const year = useCampYear();
  const [filter, setFilter] = useState<OpenPaymentsFilter>(noFilter);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ReminderRun | null>(null);
  const [asking, setAsking] = useState(false);
  const open = useOpenPayments({ campYear: year, ...filter });
  const send = useSendPaymentReminders(setProgress);

  const rows = open.data ?? [];
  const chosen = rows.filter((r) => selected.has(r.SUBSCRIPTION_ID));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sendReminders = () => {
    setAsking(false);
    setProgress(0);
    setResult(null);
    send.mutate(
      chosen.map((r) => r.SUBSCRIPTION_ID),
      {
        onSuccess: (answer) => {
          setResult(answer);
          // After a stop, the ones not tried stay chosen, so 'Herinnering versturen' again sends the rest.
          const done = new Set([...answer.sent, ...answer.skipped].map((r) => r.SUBSCRIPTION_ID));
          setSelected(answer.stoppedBy ? new Set(chosen.map((r) => r.SUBSCRIPTION_ID).filter((id) => !done.has(id))) : new Set());
        },
      },
    );
  };

  return (
    <>
      <h1 className="h3 mb-3">Openstaande betalingen</h1>
      <PaymentsTabs />
      <OpenPaymentsFilters year={year} filter={filter} onChange={setFilter} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <span role="status">
          {open.isPending ? '' : `${rows.length} inschrijvingen met een openstaand bedrag, ${chosen.length} gekozen`}
        </span>
        <Button onClick={() => setAsking(true)} disabled={chosen.length === 0 || send.isPending}>
          Herinnering versturen
        </Button>
      </div>
      <ConfirmModal
        show={asking}
        title={mailsToSendTitle(chosen.length)}
        confirmLabel="Mails versturen"
        onConfirm={sendReminders}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">
          De ouders van {countText(chosen.length, 'gekozen inschrijving', 'gekozen inschrijvingen')} krijgen een herinnering om samen{' '}
          <Money euro={chosen.reduce((sum, r) => sum + r.SUBSCRIPTION_SALDO, 0)} /> te betalen. Wie de vorige herinnering te kort geleden
          kreeg of het maximum bereikte, slaat de server over. Een verstuurde mail kan je niet terugnemen.
        </p>
      </ConfirmModal>
      {send.isPending && (
        <div className="mb-3">
          {/* Busy until the first batch is back; a bar at 0 % would not show at all. */}
          <Progress label="Herinneringen versturen" percent={Math.round(progress * 100)} busy={progress === 0} />
        </div>
      )}
      <ErrorAlert message={send.error?.message} />
      {result && <ReminderResult result={result} />}
      <ErrorAlert message={open.error?.message} />
      {open.isPending ? (
        <LoadingLine />
      ) : rows.length === 0 ? (
        <p>Geen openstaande betalingen.</p>
      ) : (
        <Table responsive size="sm" hover data-testid="open-payments">
          <thead>
            <tr>
              <th scope="col">
                <Form.Check
                  aria-label="Alle getoonde inschrijvingen kiezen"
                  checked={allChosen}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.SUBSCRIPTION_ID)))}
                />
              </th>
              <th scope="col">Inschrijving</th>
              <th scope="col">Kamp</th>
              <th scope="col">Ingeschreven</th>
              <th scope="col" className="text-end">
                Open
              </th>
              <th scope="col" className="text-end">
                Herinneringen
              </th>
              <th scope="col">Laatste herinnering</th>
              <th scope="col">Volgende herinnering</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <OpenPaymentRow key={r.SUBSCRIPTION_ID} row={r} chosen={selected.has(r.SUBSCRIPTION_ID)} onToggle={toggle} />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

function OpenPaymentRow({ row, chosen, onToggle }: { row: OpenPaymentRecord; chosen: boolean; onToggle: (id: number) => void }) {
  const child = `${row.SUBSCRIBER_FIRSTNAME} ${row.SUBSCRIBER_LASTNAME}`;
  return (
    <tr>
      <td>
        <Form.Check aria-label={`${row.SUBSCRIPTION_REFERENCE} kiezen`} checked={chosen} onChange={() => onToggle(row.SUBSCRIPTION_ID)} />
      </td>
      <td>
        <Link to={paths.subscriptionDetail(row.SUBSCRIPTION_ID)}>{row.SUBSCRIPTION_REFERENCE}</Link>
        <div className="small">{child}</div>
      </td>
      <td>
        {row.THEME_NAME}
        <div className="small text-body-secondary">
          {row.LOCATION_NAME_SHORT} | {row.PERIOD_NAME_SHORT}
        </div>
      </td>
      <td>
        {formatDateTime(row.SUBSCRIPTION_CREATION_DATE)}
        <div className="small text-body-secondary">{row.DAYS_SINCE_BOOKING} dagen geleden</div>
      </td>
      <td className="text-end">
        <Money euro={row.SUBSCRIPTION_SALDO} />
      </td>
      <td className="text-end">{row.REMINDERS_SENT}</td>
      <td>{row.LAST_REMINDER_AT ? formatDateTime(row.LAST_REMINDER_AT) : '/'}</td>
      <td className="small">{row.REMINDER_REFUSAL ?? 'Kan nu'}</td>
    </tr>
  );
}

/** What 'Herinnering versturen' did: how many went out, and each one skipped with the server's reason. */
function ReminderResult({ result }: { result: ReminderRun }) {
  return (
    <Alert
      variant={result.stoppedBy ? 'danger' : result.skipped.length > 0 ? 'warning' : 'success'}
      data-testid="reminder-result"
      role={result.stoppedBy ? 'alert' : 'status'}
    >
      {result.stoppedBy && (
        <p className="mb-1">
          Versturen gestopt: {result.stoppedBy} {countText(result.notTried, 'herinnering is', 'herinneringen zijn')} niet verstuurd; ze
          blijven gekozen, probeer het zo nog eens.
        </p>
      )}
      <p className="mb-0">
        {result.sent.length === 1 ? '1 herinnering verstuurd.' : `${result.sent.length} herinneringen verstuurd.`}
        {result.skipped.length > 0 && ` ${result.skipped.length} overgeslagen:`}
      </p>
      {result.skipped.length > 0 && (
        <ul className="mb-0">
          {result.skipped.map((s) => (
            <li key={s.SUBSCRIPTION_ID}>
              {s.SUBSCRIPTION_REFERENCE ?? `Inschrijving ${s.SUBSCRIPTION_ID}`}: {s.reason}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** Camp, period and location of the year, and how long ago at least the booking was. */
function OpenPaymentsFilters({
  year,
  filter,
  onChange,
}: {
  year: number;
  filter: OpenPaymentsFilter;
  onChange: (filter: OpenPaymentsFilter) => void;
}) {
  const camps = useYearCamps(year);
  const periods = usePeriods(year);
  const locations = useLocations();
  return (
    <Row className="g-2 mb-3">
      <Col xs={12} md={6} lg={3}>
        <FilterSelect
          id="open-payments-camp"
          label="Kamp"
          allLabel="Alle kampen"
          value={filter.campId}
          options={(camps.data ?? [])
            .map((c) => ({ value: c.CAMP_ID, label: `${c.THEME_NAME} - ${c.LOCATION_NAME} | ${c.PERIOD_NAME}` }))
            .sort((a, b) => compareDutch(a.label, b.label))}
          onChange={(campId) => onChange({ ...filter, campId })}
        />
      </Col>
      <Col xs={12} md={6} lg={3}>
        <FilterSelect
          id="open-payments-period"
          label="Periode"
          allLabel="Alle periodes"
          value={filter.periodId}
          options={(periods.data ?? []).map((p) => ({ value: p.PERIOD_ID, label: p.PERIOD_NAME }))}
          onChange={(periodId) => onChange({ ...filter, periodId })}
        />
      </Col>
      <Col xs={12} md={6} lg={3}>
        <FilterSelect
          id="open-payments-location"
          label="Locatie"
          allLabel="Alle locaties"
          value={filter.locationId}
          options={(locations.data ?? [])
            .map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME }))
            .sort((a, b) => compareDutch(a.label, b.label))}
          onChange={(locationId) => onChange({ ...filter, locationId })}
        />
      </Col>
      <Col xs={12} md={6} lg={3}>
        <Form.Label htmlFor="open-payments-days" className="small mb-1">
          Minstens dagen sinds inschrijving
        </Form.Label>
        <Form.Control
          id="open-payments-days"
          size="sm"
          type="number"
          min={0}
          inputMode="numeric"
          value={filter.minDaysOverdue}
          onChange={(e) => onChange({ ...filter, minDaysOverdue: e.target.value })}
        />
      </Col>
    </Row>
  );
}
