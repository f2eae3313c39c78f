import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { PlanningAnswer, PlanningCamp, PlanningMonitor } from '@common/schemas/planning.js';
import { periodsShareWeek, validThrough } from '@common/volunteer-allowance.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { failureOf } from './planning-errors.js';
import { campLabel, ShortBadge } from './ShortBadge.js';
import { usePlanningChange, useQualifications } from './api/planning-api.js';

/** What the allowance entered with an assignment does to the monitor's year: a warning before it goes over a cap. */
export function allowanceWarning(monitor: PlanningMonitor, perDay: number, days: number): string | null {
  if (monitor.VOLUNTEER_DAILY_CAP !== null && perDay > monitor.VOLUNTEER_DAILY_CAP)
    return `${formatEuro(perDay)} per dag is meer dan het dagplafond van ${formatEuro(monitor.VOLUNTEER_DAILY_CAP)}.`;
  const total = monitor.ALLOWANCE_YEAR_TOTAL + perDay * days;
  if (monitor.VOLUNTEER_YEARLY_CAP !== null && total > monitor.VOLUNTEER_YEARLY_CAP + 1e-9)
    return `Met deze planning komt ${monitor.MONITOR_NAME} dit jaar op ${formatEuro(total)}, boven het jaarplafond van ${formatEuro(
      monitor.VOLUNTEER_YEARLY_CAP,
    )}.`;
  return null;
}

/** Planning the monitors of one camp: who can, who works elsewhere that week, who holds what, and the allowance. */
export function AssignDialog({ camp, data, onClose }: { camp: PlanningCamp; data: PlanningAnswer; onClose: () => void }) {
  const assign = usePlanningChange('assignMonitor');
  const unassign = usePlanningChange('unassignMonitor');
  const [error, setError] = useState<string | null>(null);
  const [allowance, setAllowance] = useState('');
  const perDay = allowance.trim() === '' ? null : Number(allowance.replace(',', '.'));
  const busy = assign.isPending || unassign.isPending;
  const period = data.periods.find((p) => p.PERIOD_ID === camp.PERIOD_ID)!;
  const elsewhere = (monitorId: number) =>
    data.camps.filter(
      (c) =>
        c.CAMP_ID !== camp.CAMP_ID &&
        c.MONITORS.some((m) => m.MONITOR_ID === monitorId) &&
        periodsShareWeek({ start: c.CAMP_START, end: c.CAMP_END }, { start: camp.CAMP_START, end: camp.CAMP_END }),
    );
  const planned = new Map(camp.MONITORS.map((m) => [m.MONITOR_ID, m]));
  const run = (action: Promise<unknown>) => {
    setError(null);
    action.catch((e: unknown) => setError(failureOf(e)));
  };
  const doAssign = (monitorId: number, head: boolean) =>
    run(
      assign.mutateAsync({
        MONITOR_ID: monitorId,
        CAMP_ID: camp.CAMP_ID,
        HEAD: head,
        ...(perDay === null || Number.isNaN(perDay) ? {} : { ALLOWANCE_PER_DAY: perDay }),
      }),
    );
  const monitors = [...data.monitors].sort(
    (a, b) =>
      Number(planned.has(b.MONITOR_ID)) - Number(planned.has(a.MONITOR_ID)) ||
      Number(b.AVAILABLE_PERIOD_IDS.includes(camp.PERIOD_ID)) - Number(a.AVAILABLE_PERIOD_IDS.includes(camp.PERIOD_ID)),
  );
  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby="assign-title" scrollable>
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title id="assign-title" as="h2" className="h5">
          {campLabel(camp)}, {period.PERIOD_NAME}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          {camp.CHILDREN_BOOKED} kinderen ingeschreven, 1 monitor per {camp.CHILDREN_PER_MONITOR} kinderen: {camp.MONITORS_NEEDED} nodig,{' '}
          {camp.MONITORS_PLANNED} gepland. <ShortBadge camp={camp} />
        </p>
        <Requirements camp={camp} />
        <Form.Group className="mb-2" controlId="allowance-per-day" style={{ maxWidth: '22rem' }}>
          <Form.Label className="small mb-1">Vrijwilligersvergoeding per kampdag (€, {camp.CAMP_DAYS.length} dagen)</Form.Label>
          <Form.Control
            size="sm"
            inputMode="decimal"
            value={allowance}
            onChange={(e) => setAllowance(e.target.value)}
            aria-describedby="allowance-hint"
          />
          <Form.Text id="allowance-hint">Leeg: geen vergoeding in het register bij het inplannen.</Form.Text>
        </Form.Group>
        <ErrorAlert message={error} />
        <Table size="sm" responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">Monitor</th>
              <th scope="col">Beschikbaar</th>
              <th scope="col">Die week</th>
              <th scope="col">Kwalificaties</th>
              <th scope="col">Vergoeding dit jaar</th>
              <th scope="col">Actie</th>
            </tr>
          </thead>
          <tbody>
            {monitors.map((m) => {
              const onCamp = planned.get(m.MONITOR_ID);
              const available = m.AVAILABLE_PERIOD_IDS.includes(camp.PERIOD_ID);
              const others = elsewhere(m.MONITOR_ID);
              const warning =
                perDay !== null && !Number.isNaN(perDay) && !onCamp ? allowanceWarning(m, perDay, camp.CAMP_DAYS.length) : null;
              return (
                <tr key={m.MONITOR_ID} data-testid={`assign-monitor-${m.MONITOR_ID}`}>
                  <th scope="row" className="fw-normal">
                    {m.MONITOR_NAME}
                    {onCamp?.HEAD && <strong> (hoofdmonitor)</strong>}
                    {onCamp?.DRAFT && ' (concept)'}
                  </th>
                  <td>{available ? 'Ja' : 'Nee'}</td>
                  <td className="small">{others.length ? others.map(campLabel).join('; ') : '–'}</td>
                  <td className="small">
                    {m.QUALIFICATIONS.map((q) => (
                      <div key={q.QUALIFICATION_ID} className={validThrough(q.VALID_UNTIL, camp.CAMP_END) ? '' : 'text-danger'}>
                        {q.QUALIFICATION_NAME}
                        {q.VALID_UNTIL && ` (tot ${formatDate(q.VALID_UNTIL)})`}
                      </div>
                    ))}
                  </td>
                  <td className="small">
                    {formatEuro(m.ALLOWANCE_YEAR_TOTAL)}
                    {m.VOLUNTEER_YEARLY_CAP !== null && ` van ${formatEuro(m.VOLUNTEER_YEARLY_CAP)}`}
                    {warning && (
                      <Alert variant="warning" className="small p-1 mt-1 mb-0">
                        {warning}
                      </Alert>
                    )}
                  </td>
                  <td className="text-nowrap">
                    {onCamp ? (
                      <>
                        {onCamp.DRAFT && (
                          <Button
                            size="sm"
                            variant="primary"
                            className="me-1"
                            disabled={busy}
                            onClick={() => doAssign(m.MONITOR_ID, onCamp.HEAD)}
                            aria-label={`${m.MONITOR_NAME} bevestigen`}
                          >
                            Bevestigen
                          </Button>
                        )}
                        {!onCamp.HEAD && (
                          <Button
                            size="sm"
                            variant="outline-primary"
                            className="me-1"
                            disabled={busy}
                            onClick={() => doAssign(m.MONITOR_ID, true)}
                          >
                            Hoofdmonitor maken
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={busy}
                          onClick={() => run(unassign.mutateAsync({ MONITOR_ID: m.MONITOR_ID, CAMP_ID: camp.CAMP_ID }))}
                        >
                          Van kamp halen
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button
                          size="sm"
                          variant="primary"
                          className="me-1"
                          disabled={busy || !available || others.length > 0 || warning !== null}
                          onClick={() => doAssign(m.MONITOR_ID, false)}
                          aria-label={`${m.MONITOR_NAME} inplannen`}
                        >
                          Inplannen
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={busy || !available || others.length > 0 || warning !== null}
                          onClick={() => doAssign(m.MONITOR_ID, true)}
                          aria-label={`${m.MONITOR_NAME} inplannen als hoofdmonitor`}
                        >
                          Als hoofdmonitor
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Sluiten
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The qualifications the camp requires of one of its monitors (a swimming camp: a lifeguard). */
function Requirements({ camp }: { camp: PlanningCamp }) {
  const qualifications = useQualifications();
  const save = usePlanningChange('saveCampRequirements');
  const [error, setError] = useState<string | null>(null);
  const required = new Set(camp.REQUIRED_QUALIFICATIONS.map((q) => q.QUALIFICATION_ID));
  if (!qualifications.data?.length) return null;
  const toggle = (id: number, on: boolean) => {
    setError(null);
    const next = on ? [...required, id] : [...required].filter((q) => q !== id);
    save.mutate({ CAMP_ID: camp.CAMP_ID, QUALIFICATION_IDS: next }, { onError: (e) => setError(failureOf(e)) });
  };
  return (
    <fieldset className="mb-2">
      <legend className="small mb-1">Dit kamp vraagt een monitor met</legend>
      {qualifications.data.map((q) => (
        <Form.Check
          inline
          key={q.QUALIFICATION_ID}
          id={`requires-${q.QUALIFICATION_ID}`}
          label={q.QUALIFICATION_NAME}
          checked={required.has(q.QUALIFICATION_ID)}
          disabled={save.isPending}
          onChange={(e) => toggle(q.QUALIFICATION_ID, e.target.checked)}
        />
      ))}
      <ErrorAlert message={error} />
    </fieldset>
  );
}
