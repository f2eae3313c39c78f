import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { failureMessages } from '@common/messages.js';
import {
  MAIL_PLACEHOLDERS,
  mailTemplatePayload,
  mailTemplateMessages,
  unknownPlaceholders,
  type MailPreview,
  type MailTemplateRecord,
  type TestMailResult,
} from '@common/schemas/mail-templates.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { TextField, useSchemaForm } from '../../components/form.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SaveButton } from '../../components/SaveButton.js';
import { SectionCard } from '../../components/SectionCard.js';
import { withServerFieldErrors } from '../../components/server-field-errors.js';
import { useDebouncedCallback } from '../../components/useDebouncedCallback.js';
import { useSaveCycle } from '../../components/useSaveCycle.js';
import { ApiError } from '../../lib/api-client.js';
import { useMailTemplates } from '../../lib/lookups.js';
import { previewMailTemplate, sendTestMail, useCrud } from './api/season-api.js';
import { RequiredMark } from '../../components/TextInput.js';

const NEW = '';

/** Beheer › Mailsjablonen: the list, an editor with the placeholders and a live preview, and 'Testmail versturen'. */
export default function MailTemplatesPage() {
  const templates = useMailTemplates();
  const [selected, setSelected] = useState<string | null>(null);
  if (templates.isPending) return <LoadingLine />;
  if (templates.isError) return <ErrorAlert message="Niet gelukt om mailsjablonen op te halen. Probeer opnieuw." />;
  const template = templates.data.find((t) => t.MAILTEMPLATE_ID === selected);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">Mailsjablonen</h1>
        <Button size="sm" onClick={() => setSelected(NEW)}>
          Mailsjabloon toevoegen
        </Button>
      </div>
      <Table striped hover responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Identificatie</th>
            <th scope="col">Onderwerp</th>
            <th scope="col">Kampen</th>
            <th scope="col">Acties</th>
          </tr>
        </thead>
        <tbody>
          {templates.data.map((t) => (
            <tr key={t.MAILTEMPLATE_ID}>
              <td>{t.MAILTEMPLATE_ID}</td>
              <td>{t.MAILTEMPLATE_SUBJECT}</td>
              <td>{t.CAMPS_USING}</td>
              <td>
                <Button
                  variant={t.MAILTEMPLATE_ID === selected ? 'primary' : 'outline-primary'}
                  size="sm"
                  aria-pressed={t.MAILTEMPLATE_ID === selected}
                  onClick={() => setSelected(t.MAILTEMPLATE_ID)}
                >
                  Wijzigen
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {selected !== null && <TemplateEditor key={selected || 'nieuw'} template={template} onSaved={setSelected} />}
    </>
  );
}

function TemplateEditor({ template, onSaved }: { template?: MailTemplateRecord; onSaved: (id: string) => void }) {
  const form = useSchemaForm(mailTemplatePayload, {
    MAILTEMPLATE_ID: template?.MAILTEMPLATE_ID ?? '',
    MAILTEMPLATE_SUBJECT: template?.MAILTEMPLATE_SUBJECT ?? '',
    MAILTEMPLATE_BODY: template?.MAILTEMPLATE_BODY ?? '',
  });
  const crud = useCrud<Record<string, unknown>>('crudMailTemplate');
  const cycle = useSaveCycle(failureMessages.save);
  const onSubmit = form.handleSubmit((values) =>
    cycle.run(
      () => withServerFieldErrors(form, crud.mutateAsync({ ...values, action: template ? 'update' : 'create' })),
      () => onSaved(values.MAILTEMPLATE_ID),
    ),
  );
  const [subject, body] = form.watch(['MAILTEMPLATE_SUBJECT', 'MAILTEMPLATE_BODY']);
  return (
    <Row>
      <Col lg={7}>
        <SectionCard title={template ? `Mailsjabloon '${template.MAILTEMPLATE_ID}'` : 'Nieuw mailsjabloon'}>
          <ErrorAlert message={cycle.error} />
          <form onSubmit={onSubmit} noValidate>
            {!template && (
              <TextField
                form={form}
                name="MAILTEMPLATE_ID"
                label="Identificatie"
                required
                hint="Kleine letters, cijfers en koppeltekens."
              />
            )}
            <TextField form={form} name="MAILTEMPLATE_SUBJECT" label="Onderwerp" required />
            <TextField form={form} name="MAILTEMPLATE_BODY" label="Tekst" as="textarea" rows={12} required />
            <SaveButton state={cycle.state} />
          </form>
        </SectionCard>
        <TestMail subject={subject} body={body} templateId={template?.MAILTEMPLATE_ID} />
      </Col>
      <Col lg={5}>
        <LivePreview subject={subject} body={body} />
        <SectionCard title="Plaatshouders">
          <p className="small text-muted">Schrijf een plaatshouder tussen dubbele accolades, bijvoorbeeld {'{{childName}}'}.</p>
          <dl className="small mb-0">
            {Object.entries(MAIL_PLACEHOLDERS).map(([name, description]) => (
              <div key={name} className="d-flex gap-2">
                <dt className="font-monospace">{`{{${name}}}`}</dt>
                <dd className="mb-1">{description}</dd>
              </div>
            ))}
          </dl>
        </SectionCard>
      </Col>
    </Row>
  );
}

/** The mail as a parent would get it, filled with made-up data, 300 ms after typing stops. */
function LivePreview({ subject, body }: { subject: string; body: string }) {
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useDebouncedCallback((s: string, b: string) => {
    const unknown = unknownPlaceholders(`${s}\n${b}`);
    if (unknown.length > 0) {
      setProblem(mailTemplateMessages.unknownPlaceholder(unknown));
      return;
    }
    if (s.trim().length < 2 || b.trim().length < 2) {
      setProblem(null);
      return;
    }
    void previewMailTemplate({ MAILTEMPLATE_SUBJECT: s, MAILTEMPLATE_BODY: b })
      .then((p) => {
        setPreview(p);
        setProblem(null);
      })
      .catch((error: unknown) => setProblem(error instanceof ApiError ? error.message : 'Voorbeeld niet gelukt.'));
  }, 300);
  useEffect(() => refresh.call(subject, body), [subject, body, refresh]);
  return (
    <SectionCard title="Voorbeeld">
      {problem && <p className="text-danger">{problem}</p>}
      {preview ? (
        <div aria-live="polite" data-testid="mail-preview">
          <p className="small text-muted mb-1">
            {preview.SUBSCRIPTION_REFERENCE
              ? `Met de gegevens van inschrijving ${preview.SUBSCRIPTION_REFERENCE}`
              : 'Met verzonnen voorbeeldgegevens, geen echte inschrijving'}
          </p>
          <p className="fw-bold mb-2">{preview.subject}</p>
          <pre className="mb-0" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
            {preview.text}
          </pre>
        </div>
      ) : (
        !problem && <LoadingLine />
      )}
    </SectionCard>
  );
}

/** What became of the test mail, in words. */
const testMailResultText: Record<TestMailResult['mailStatus'], (to: string) => string> = {
  sent: (to) => `Testmail verzonden naar ${to}.`,
  outbox: () => 'De testmail staat in de wachtrij: er is geen mailserver ingesteld (SMTP_URL), dus hij wordt nog niet verzonden.',
  failed: (to) => `De testmail naar ${to} kon niet verzonden worden; hij staat bij de mislukte mails.`,
};

function TestMail({ subject, body, templateId }: { subject: string; body: string; templateId?: string }) {
  const [to, setTo] = useState('');
  const [result, setResult] = useState<{ text: string; sent: boolean } | null>(null);
  const cycle = useSaveCycle(mailTemplateMessages.testMailFailed);
  const send = () =>
    cycle.run(
      () => sendTestMail({ MAILTEMPLATE_SUBJECT: subject, MAILTEMPLATE_BODY: body, MAILTEMPLATE_ID: templateId, TO: to }),
      (r) => setResult({ text: testMailResultText[r.mailStatus](to), sent: r.mailStatus === 'sent' }),
    );
  return (
    <SectionCard title="Testmail versturen">
      <p className="small text-muted">
        De testmail is gevuld met verzonnen voorbeeldgegevens, nooit met die van een echt gezin, en heeft &lsquo;TEST&rsquo; in het
        onderwerp.
      </p>
      <Form.Group className="mb-2" controlId="testmail-to">
        <Form.Label>
          Naar
          <RequiredMark />
        </Form.Label>
        <Form.Control type="email" value={to} onChange={(e) => setTo(e.target.value)} />
      </Form.Group>
      <ErrorAlert message={cycle.error} />
      {result && cycle.state !== 'error' && <p className={result.sent ? 'text-success' : 'text-danger'}>{result.text}</p>}
      <SaveButton type="button" state={cycle.state} label="Testmail versturen" savedLabel="Verzonden" onClick={() => void send()} />
    </SectionCard>
  );
}
