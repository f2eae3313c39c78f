import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { formatDate, formatDateTime } from '@common/format.js';
import {
  MAIL_SCHEDULE_TARGETS,
  MAIL_SCHEDULE_TRIGGERS,
  mailScheduleTargetLabels,
  mailScheduleTriggerLabels,
  type MailScheduleTarget,
  type MailScheduleTrigger,
} from '@common/mail-schedules.js';
import type { MailScheduleRecord } from '@common/schemas/mail-schedules.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { refusalMessage } from '../../../components/server-field-errors.js';
import { useMailTemplates } from '../../../lib/lookups.js';
import { useMailScheduleActions, useMailSchedules } from '../api/mail-schedules.js';
import { RequiredMark } from '../../../components/TextInput.js';

interface ScheduleDraft {
  MAILSCHEDULE_ID?: number;
  MAILTEMPLATE_ID: string;
  DAYS: string;
  TRIGGER: MailScheduleTrigger;
  TARGET: MailScheduleTarget;
}

const newDraft: ScheduleDraft = { MAILTEMPLATE_ID: '', DAYS: '7', TRIGGER: 'beforeStart', TARGET: 'all' };

/**
 * The camp form's 'Mail schedules' (issue 19): the camp's automatic mails, each a template sent N days
 * before the camp, after booking while unpaid, or after the camp, to all, the unpaid or the paid; with how
 * many were sent and are planned. Saved on their own (crudMailSchedule), not with the camp's 'Opslaan',
 * so they need a saved camp. It sits inside the camp's form: its buttons are plain buttons, and Enter in
 * its fields saves the schedule instead of the camp.
 */
export function CampMailSchedules({ campId }: { campId?: number }) {
  if (campId === undefined) return <p className="text-muted">Sla het kamp eerst op; daarna kan je hier automatische mails plannen.</p>;
  return <ScheduleList campId={campId} />;
}

function ScheduleList({ campId }: { campId: number }) {
  const schedules = useMailSchedules(campId);
  const { save, remove } = useMailScheduleActions();
  const [draft, setDraft] = useState<ScheduleDraft | null>(null);

  const saveDraft = () => {
    if (!draft) return;
    save.mutate({ ...draft, CAMP_ID: campId }, { onSuccess: () => setDraft(null) });
  };
  const edit = (s: MailScheduleRecord) => {
    save.reset();
    setDraft({
      MAILSCHEDULE_ID: s.MAILSCHEDULE_ID,
      MAILTEMPLATE_ID: s.MAILTEMPLATE_ID,
      DAYS: String(s.DAYS),
      TRIGGER: s.TRIGGER,
      TARGET: s.TARGET,
    });
  };

  if (schedules.isPending) return <LoadingLine />;
  const rows = schedules.data ?? [];
  return (
    <div data-testid="mail-schedules">
      <ErrorAlert message={schedules.error?.message ?? refusalMessage(remove.error)} />
      {rows.length === 0 ? (
        <p>Dit kamp heeft nog geen automatische mails.</p>
      ) : (
        <Table responsive size="sm">
          <thead>
            <tr>
              <th scope="col">Sjabloon</th>
              <th scope="col">Wanneer</th>
              <th scope="col">Voor wie</th>
              <th scope="col">Verstuurd</th>
              <th scope="col">Gepland</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.MAILSCHEDULE_ID}>
                <td>{s.MAILTEMPLATE_ID}</td>
                <td>
                  {s.DAYS} {mailScheduleTriggerLabels[s.TRIGGER]}
                </td>
                <td>{mailScheduleTargetLabels[s.TARGET]}</td>
                <td>
                  {s.SENT.length}
                  {s.SENT.length > 0 && (
                    <div className="small text-body-secondary">laatste op {formatDateTime(s.SENT[s.SENT.length - 1]!.AT)}</div>
                  )}
                </td>
                <td>
                  {s.PLANNED.length}
                  {s.PLANNED.length > 0 && <div className="small text-body-secondary">eerste op {formatDate(s.PLANNED[0]!.AT)}</div>}
                </td>
                <td className="text-nowrap">
                  <Button size="sm" variant="outline-primary" className="me-2" onClick={() => edit(s)}>
                    Wijzigen
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(s.MAILSCHEDULE_ID, { onSuccess: () => setDraft(null) })}
                  >
                    Verwijderen
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {draft ? (
        <ScheduleEditor
          draft={draft}
          onChange={setDraft}
          onSave={saveDraft}
          onCancel={() => setDraft(null)}
          pending={save.isPending}
          error={refusalMessage(save.error)}
        />
      ) : (
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => {
            save.reset();
            setDraft(newDraft);
          }}
        >
          Automatische mail toevoegen
        </Button>
      )}
    </div>
  );
}

function ScheduleEditor({
  draft,
  onChange,
  onSave,
  onCancel,
  pending,
  error,
}: {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null;
}) {
  const templates = useMailTemplates();
  const saveOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onSave();
  };
  return (
    <fieldset className="border rounded p-3" onKeyDown={saveOnEnter}>
      <legend className="h6 float-none w-auto px-1 mb-0">
        {draft.MAILSCHEDULE_ID ? 'Automatische mail wijzigen' : 'Automatische mail toevoegen'}
      </legend>
      <Row className="g-2">
        <Col sm={6} lg={3}>
          <Form.Group controlId="schedule-template">
            <Form.Label>
              Sjabloon
              <RequiredMark />
            </Form.Label>
            <Form.Select value={draft.MAILTEMPLATE_ID} onChange={(e) => onChange({ ...draft, MAILTEMPLATE_ID: e.target.value })}>
              <option value="">Kies een sjabloon</option>
              {(templates.data ?? []).map((t) => (
                <option key={t.MAILTEMPLATE_ID} value={t.MAILTEMPLATE_ID}>
                  {t.MAILTEMPLATE_ID}: {t.MAILTEMPLATE_SUBJECT}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} lg={2}>
          <Form.Group controlId="schedule-days">
            <Form.Label>
              Aantal dagen
              <RequiredMark />
            </Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={365}
              value={draft.DAYS}
              onChange={(e) => onChange({ ...draft, DAYS: e.target.value })}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="schedule-trigger">
            <Form.Label>Wanneer</Form.Label>
            <Form.Select value={draft.TRIGGER} onChange={(e) => onChange({ ...draft, TRIGGER: e.target.value as MailScheduleTrigger })}>
              {MAIL_SCHEDULE_TRIGGERS.map((t) => (
                <option key={t} value={t}>
                  {mailScheduleTriggerLabels[t]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} lg={3}>
          <Form.Group controlId="schedule-target">
            <Form.Label>Voor wie</Form.Label>
            <Form.Select value={draft.TARGET} onChange={(e) => onChange({ ...draft, TARGET: e.target.value as MailScheduleTarget })}>
              {MAIL_SCHEDULE_TARGETS.map((t) => (
                <option key={t} value={t}>
                  {mailScheduleTargetLabels[t]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <ErrorAlert message={error} className="mt-3 mb-0" />
      <div className="d-flex gap-2 mt-3">
        <Button size="sm" onClick={onSave} disabled={pending}>
          {pending ? 'Bezig…' : 'Automatische mail opslaan'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={pending}>
          Annuleren
        </Button>
      </div>
    </fieldset>
  );
}
