import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { PlanningAnswer, PlanningMonitor } from '@common/schemas/planning.js';
import { VOLUNTEER_KINDS, volunteerKindLabels, type VolunteerKind } from '@common/volunteer-allowance.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SectionCard } from '../../components/SectionCard.js';
import { useCampYear } from '../../lib/camp-year.js';
import { failureOf } from './planning-errors.js';
import { PlanningNav } from './PlanningNav.js';
import { usePlanning, usePlanningChange, useQualifications } from './api/planning-api.js';

/** 'Kwalificaties en ratio’s': the list of qualifications, each monitor's with its expiry, and children per monitor. */
export default function QualificationsPage() {
  const year = useCampYear();
  const planning = usePlanning(year);
  return (
    <>
      <h1 className="h3 mb-3">Kwalificaties en ratio’s</h1>
      <PlanningNav />
      {planning.isPending && <LoadingLine />}
      <ErrorAlert message={planning.isError ? 'Niet gelukt om de planning op te halen. Probeer opnieuw.' : null} />
      {planning.data && (
        <Row>
          <Col lg={5}>
            <QualificationList />
            <Ratios data={planning.data} />
          </Col>
          <Col lg={7}>
            <MonitorQualifications monitors={planning.data.monitors} />
          </Col>
        </Row>
      )}
    </>
  );
}

function QualificationList() {
  const qualifications = useQualifications();
  const save = usePlanningChange('saveQualification');
  const remove = usePlanningChange('deleteQualification');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ QUALIFICATION_NAME: name }, { onSuccess: () => setName(''), onError: (err) => setError(failureOf(err)) });
  };
  return (
    <SectionCard title="Kwalificaties">
      <ErrorAlert message={error} />
      <ul className="list-unstyled">
        {qualifications.data?.map((q) => (
          <li key={q.QUALIFICATION_ID} className="d-flex justify-content-between align-items-center mb-1">
            {q.QUALIFICATION_NAME}
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`${q.QUALIFICATION_NAME} verwijderen`}
              onClick={() => remove.mutate({ QUALIFICATION_ID: q.QUALIFICATION_ID }, { onError: (err) => setError(failureOf(err)) })}
            >
              Verwijderen
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="d-flex gap-2 align-items-end">
        <Form.Group controlId="new-qualification" className="flex-grow-1">
          <Form.Label className="small mb-1">Nieuwe kwalificatie</Form.Label>
          <Form.Control size="sm" value={name} onChange={(e) => setName(e.target.value)} placeholder="Bijvoorbeeld Redder" />
        </Form.Group>
        <Button type="submit" size="sm" disabled={save.isPending || name.trim() === ''}>
          Toevoegen
        </Button>
      </form>
    </SectionCard>
  );
}

function Ratios({ data }: { data: PlanningAnswer }) {
  const save = usePlanningChange('saveAgegroupRatio');
  const [error, setError] = useState<string | null>(null);
  return (
    <SectionCard title="Kinderen per monitor">
      <p className="small text-body-secondary">Per leeftijdsgroep: hoeveel kinderen één monitor begeleidt. Zonder eigen getal: 12.</p>
      <ErrorAlert message={error} />
      <Table size="sm">
        <tbody>
          {data.ratios.map((r) => (
            <tr key={r.AGEGROUP_ID}>
              <th scope="row" className="fw-normal">
                <label htmlFor={`ratio-${r.AGEGROUP_ID}`}>{r.AGEGROUP_NAME}</label>
              </th>
              <td style={{ width: '7rem' }}>
                <Form.Control
                  id={`ratio-${r.AGEGROUP_ID}`}
                  size="sm"
                  type="number"
                  min={1}
                  defaultValue={r.CHILDREN_PER_MONITOR}
                  onBlur={(e) => {
                    const value = Number(e.target.value);
                    if (value === r.CHILDREN_PER_MONITOR) return;
                    setError(null);
                    save.mutate(
                      { AGEGROUP_ID: r.AGEGROUP_ID, CHILDREN_PER_MONITOR: value },
                      { onError: (err) => setError(failureOf(err)) },
                    );
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </SectionCard>
  );
}

function MonitorQualifications({ monitors }: { monitors: PlanningMonitor[] }) {
  const [monitorId, setMonitorId] = useState('');
  const monitor = monitors.find((m) => m.MONITOR_ID === Number(monitorId));
  return (
    <SectionCard title="Kwalificaties per monitor">
      <Form.Group controlId="qualification-monitor" className="mb-3">
        <Form.Label className="small mb-1">Monitor</Form.Label>
        <Form.Select size="sm" value={monitorId} onChange={(e) => setMonitorId(e.target.value)}>
          <option value="">Kies een monitor</option>
          {monitors.map((m) => (
            <option key={m.MONITOR_ID} value={m.MONITOR_ID}>
              {m.MONITOR_NAME}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {monitor && <MonitorForm key={monitor.MONITOR_ID} monitor={monitor} />}
    </SectionCard>
  );
}

function MonitorForm({ monitor }: { monitor: PlanningMonitor }) {
  const qualifications = useQualifications();
  const save = usePlanningChange('saveMonitorQualifications');
  const [kind, setKind] = useState<VolunteerKind>(monitor.VOLUNTEER_KIND);
  const [held, setHeld] = useState(
    new Map(monitor.QUALIFICATIONS.map((q) => [q.QUALIFICATION_ID, q.VALID_UNTIL ?? ''] as [number, string])),
  );
  const [message, setMessage] = useState<{ error: string | null; saved: boolean }>({ error: null, saved: false });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage({ error: null, saved: false });
    save.mutate(
      {
        MONITOR_ID: monitor.MONITOR_ID,
        VOLUNTEER_KIND: kind,
        QUALIFICATIONS: [...held].map(([id, until]) => ({ QUALIFICATION_ID: id, VALID_UNTIL: until === '' ? null : until })),
      },
      { onSuccess: () => setMessage({ error: null, saved: true }), onError: (err) => setMessage({ error: failureOf(err), saved: false }) },
    );
  };
  return (
    <form onSubmit={submit}>
      <Form.Group controlId="volunteer-kind" className="mb-3">
        <Form.Label className="small mb-1">Soort vrijwilliger (plafond van de vergoeding)</Form.Label>
        <Form.Select size="sm" value={kind} onChange={(e) => setKind(e.target.value as VolunteerKind)}>
          {VOLUNTEER_KINDS.map((k) => (
            <option key={k} value={k}>
              {volunteerKindLabels[k]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Table size="sm">
        <thead>
          <tr>
            <th scope="col">Kwalificatie</th>
            <th scope="col">Geldig tot (leeg: onbeperkt)</th>
          </tr>
        </thead>
        <tbody>
          {qualifications.data?.map((q) => (
            <tr key={q.QUALIFICATION_ID}>
              <td>
                <Form.Check
                  id={`holds-${q.QUALIFICATION_ID}`}
                  label={q.QUALIFICATION_NAME}
                  checked={held.has(q.QUALIFICATION_ID)}
                  onChange={(e) => {
                    const next = new Map(held);
                    if (e.target.checked) next.set(q.QUALIFICATION_ID, '');
                    else next.delete(q.QUALIFICATION_ID);
                    setHeld(next);
                  }}
                />
              </td>
              <td>
                <Form.Control
                  size="sm"
                  type="date"
                  aria-label={`${q.QUALIFICATION_NAME} geldig tot`}
                  disabled={!held.has(q.QUALIFICATION_ID)}
                  value={held.get(q.QUALIFICATION_ID) ?? ''}
                  onChange={(e) => setHeld(new Map(held).set(q.QUALIFICATION_ID, e.target.value))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ErrorAlert message={message.error} />
      <div className="d-flex align-items-center gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Opslaan
        </Button>
        <span role="status" className="small">
          {message.saved ? 'Opgeslagen.' : ''}
        </span>
      </div>
    </form>
  );
}
