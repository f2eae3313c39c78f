import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { DEFAULT_RETENTION_YEARS, type AnonymiseYearsResult } from '@common/schemas/privacy.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { DownloadMenu } from '../../components/DownloadMenu.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SectionCard } from '../../components/SectionCard.js';
import { ApiError } from '../../lib/api-client.js';
import { useAnonymiseYears, useEraseFamily } from './api/privacy-api.js';

const failure = (error: unknown) =>
  error instanceof ApiError ? (Object.values(error.fields ?? {})[0] ?? error.message) : 'Mislukt, probeer opnieuw.';

const countLabels: [keyof AnonymiseYearsResult, string][] = [
  ['subscriptions', 'Inschrijvingen'],
  ['children', 'Kinderen'],
  ['parents', 'Ouders'],
  ['payments', 'Betalingen met gegevens van de betaler'],
  ['mails', 'Mails'],
  ['auditEntries', 'Regels in het logboek'],
];

function Counts({ result }: { result: AnonymiseYearsResult }) {
  return (
    <table className="table table-sm w-auto mb-2">
      <caption className="visually-hidden">Aantallen</caption>
      <tbody>
        {countLabels.map(([key, label]) => (
          <tr key={key}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end">{String(result[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Retention: a dry run shows the counts first; only then can the same run be made final, after a confirmation. */
function RetentionCard() {
  const [years, setYears] = useState(String(DEFAULT_RETENTION_YEARS));
  const [asking, setAsking] = useState(false);
  const dryRun = useAnonymiseYears();
  const finalRun = useAnonymiseYears();
  const olderThanYears = Number(years);
  const planned = dryRun.data && dryRun.data.olderThanYears === olderThanYears ? dryRun.data : null;
  const busy = dryRun.isPending || finalRun.isPending;
  const run = () =>
    finalRun.mutate(
      { olderThanYears, dryRun: false },
      {
        onSuccess: () => {
          setAsking(false);
          dryRun.reset();
        },
      },
    );
  return (
    <SectionCard title="Bewaartermijn">
      <p>
        Inschrijvingen van kampjaren ouder dan de bewaartermijn verliezen hun persoonsgegevens (namen, adres, contact, rijksregisternummers,
        opmerkingen, rekeningnummers, mails). Bedragen, kortingen, aanwezigheden en kampen blijven voor de statistieken.
      </p>
      <Row className="g-2 align-items-end mb-3">
        <Col xs="auto">
          <Form.Label htmlFor="retention-years">Bewaren (jaren)</Form.Label>
          <Form.Control
            id="retention-years"
            type="number"
            min={1}
            max={100}
            value={years}
            onChange={(e) => {
              setYears(e.target.value);
              finalRun.reset();
            }}
          />
        </Col>
        <Col xs="auto">
          <Button variant="outline-primary" disabled={busy} onClick={() => dryRun.mutate({ olderThanYears, dryRun: true })}>
            {dryRun.isPending ? (
              <>
                <Spinner size="sm" className="me-1" aria-hidden="true" /> Tellen...
              </>
            ) : (
              'Proefdraaien'
            )}
          </Button>
        </Col>
        <Col xs="auto">
          <Button variant="danger" disabled={busy || !planned || planned.subscriptions === 0} onClick={() => setAsking(true)}>
            Definitief anonimiseren
          </Button>
        </Col>
      </Row>
      <ErrorAlert message={dryRun.isError ? failure(dryRun.error) : null} />
      {planned && (
        <div role="status">
          <p className="mb-1">
            {planned.subscriptions === 0
              ? `Geen inschrijvingen van voor ${planned.keptFromCampYear} met persoonsgegevens.`
              : `Proefdraaien: kampjaren ${planned.campYears.join(', ')} (voor ${planned.keptFromCampYear}) worden geanonimiseerd.`}
          </p>
          <Counts result={planned} />
        </div>
      )}
      {finalRun.data && (
        <Alert variant="success" role="status">
          Geanonimiseerd: {finalRun.data.subscriptions} inschrijvingen van kampjaren {finalRun.data.campYears.join(', ')} (
          {finalRun.data.durationMs} ms).
        </Alert>
      )}
      <ConfirmModal
        show={asking}
        title="Definitief anonimiseren"
        confirmLabel="Anonimiseren"
        confirmVariant="danger"
        pending={finalRun.isPending}
        error={finalRun.isError ? failure(finalRun.error) : null}
        onConfirm={run}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">
          {planned?.subscriptions} inschrijvingen verliezen hun persoonsgegevens. Dit kan niet ongedaan gemaakt worden.
        </p>
      </ConfirmModal>
    </SectionCard>
  );
}

function ParentIdField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <Form.Label htmlFor={id}>Ouder (id)</Form.Label>
      <Form.Control id={id} inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />
    </>
  );
}

function AccessRequestCard() {
  const [parentId, setParentId] = useState('');
  return (
    <SectionCard title="Inzage (AVG artikel 15)">
      <p>Alle gegevens van één gezin: ouder, kinderen, inschrijvingen, betalingen, verstuurde mails en het logboek erover.</p>
      <Row className="g-2 align-items-end">
        <Col xs="auto">
          <ParentIdField id="export-parent" value={parentId} onChange={setParentId} />
        </Col>
        <Col xs="auto">
          {parentId ? (
            <DownloadMenu
              id="family-export"
              label="Gegevens downloaden"
              choices={[
                { label: 'JSON', call: 'exportFamilyData', query: { parentId, format: 'json' } },
                { label: 'PDF (leesbaar)', call: 'exportFamilyData', query: { parentId, format: 'pdf' } },
              ]}
            />
          ) : (
            <Button variant="outline-secondary" disabled>
              Gegevens downloaden
            </Button>
          )}
        </Col>
      </Row>
    </SectionCard>
  );
}

function ErasureCard() {
  const [parentId, setParentId] = useState('');
  const [asking, setAsking] = useState(false);
  const erase = useEraseFamily();
  return (
    <SectionCard title="Gezin wissen (AVG artikel 17)">
      <p>
        Wist ouder, kinderen, inschrijvingen en mails. Kan niet zolang een inschrijving niet afgerekend is of binnen de fiscale
        bewaartermijn valt.
      </p>
      <Row className="g-2 align-items-end mb-2">
        <Col xs="auto">
          <ParentIdField
            id="erase-parent"
            value={parentId}
            onChange={(value) => {
              setParentId(value);
              erase.reset();
            }}
          />
        </Col>
        <Col xs="auto">
          <Button variant="danger" disabled={!parentId || erase.isPending} onClick={() => setAsking(true)}>
            Gezin wissen
          </Button>
        </Col>
      </Row>
      {erase.data && (
        <Alert variant="success" role="status">
          Gezin gewist: {erase.data.children} kinderen, {erase.data.subscriptions} inschrijvingen, {erase.data.mails} mails.
        </Alert>
      )}
      <ErrorAlert message={erase.isError && !asking ? failure(erase.error) : null} />
      <ConfirmModal
        show={asking}
        title="Gezin wissen"
        confirmLabel="Wissen"
        confirmVariant="danger"
        pending={erase.isPending}
        onConfirm={() => erase.mutate(Number(parentId), { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">Alle gegevens van ouder {parentId} en de kinderen worden definitief gewist.</p>
      </ConfirmModal>
    </SectionCard>
  );
}

/** 'Gegevensbeheer' (beheerder): retention, the access request and erasure (issue 20). */
export default function DataManagementPage() {
  return (
    <>
      <h1 className="h3 mb-3">Gegevensbeheer</h1>
      <RetentionCard />
      <AccessRequestCard />
      <ErasureCard />
    </>
  );
}
