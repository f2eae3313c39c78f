import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate } from '@common/format.js';
import { DEFAULT_RETENTION_YEARS, type AnonymiseYearsResult } from '@common/schemas/privacy.js';
import type { FamilyRecord } from '@common/schemas/registration.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { DownloadMenu } from '../../components/DownloadMenu.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { FamilySearch, familyLine } from '../../components/FamilySearch.js';
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

const childrenText = (family: FamilyRecord) =>
  family.CHILDREN.length === 0
    ? 'geen kinderen'
    : family.CHILDREN.map((c) => `${c.SUBSCRIBER_FIRSTNAME} ${c.SUBSCRIBER_LASTNAME} (${formatDate(c.SUBSCRIBER_BIRTHDATE)})`).join(', ');

/**
 * A family's rights (GDPR articles 15 and 17): staff find the family as on the registration (name, e-mail or
 * national number), then download everything about it for the parent, or erase it after a confirmation that names
 * the parent and the children.
 */
function FamilyCard() {
  const [family, setFamily] = useState<FamilyRecord | null>(null);
  const [asking, setAsking] = useState(false);
  const erase = useEraseFamily();
  const erased = erase.data ?? null;
  const choose = (found: FamilyRecord) => {
    setFamily(found);
    erase.reset();
  };
  const parentId = family?.SUBSCRIBER_PARENT_ID;
  return (
    <SectionCard title="Inzage en wissen van een gezin">
      <FamilySearch id="privacy-family-search" chosenId={parentId ?? null} onChoose={choose} />
      {family ? (
        <dl className="row mb-3" data-testid="chosen-family">
          <dt className="col-sm-2">Ouder</dt>
          <dd className="col-sm-10">{familyLine(family)}</dd>
          <dt className="col-sm-2">Kinderen</dt>
          <dd className="col-sm-10">{childrenText(family)}</dd>
        </dl>
      ) : (
        <p className="text-body-secondary">Zoek en kies eerst een gezin.</p>
      )}
      {erased && (
        <Alert variant="success" role="status">
          Gezin gewist: {erased.children} kinderen, {erased.subscriptions} inschrijvingen, {erased.mails} mails.
        </Alert>
      )}

      <h2 className="h6 mt-3">Inzage (AVG artikel 15)</h2>
      <p>
        Alle gegevens van het gezin, voor de ouder: ouder, kinderen, inschrijvingen, betalingen, verstuurde mails en het logboek erover.
      </p>
      {parentId ? (
        <DownloadMenu
          id="family-export"
          label="Gegevens downloaden"
          choices={[
            { label: 'PDF (leesbaar)', call: 'exportFamilyData', query: { parentId, format: 'pdf' } },
            { label: 'JSON (voor een ander programma)', call: 'exportFamilyData', query: { parentId, format: 'json' } },
          ]}
        />
      ) : (
        <Button variant="outline-secondary" disabled>
          Gegevens downloaden
        </Button>
      )}

      <h2 className="h6 mt-4">Gezin wissen (AVG artikel 17)</h2>
      <p>
        Wist ouder, kinderen, inschrijvingen (ook in de prullenbak), mails en attestgegevens; betalingen blijven zonder naam in de
        boekhouding. Kan niet zolang een inschrijving niet afgerekend is of binnen de fiscale bewaartermijn valt.
      </p>
      <Button variant="danger" disabled={!family || erase.isPending} onClick={() => setAsking(true)}>
        Gezin wissen
      </Button>
      <ErrorAlert message={erase.isError && !asking ? failure(erase.error) : null} />
      <ConfirmModal
        show={asking && family !== null}
        title="Gezin wissen"
        confirmLabel="Definitief wissen"
        confirmVariant="danger"
        pending={erase.isPending}
        onConfirm={() =>
          erase.mutate(parentId!, {
            onSuccess: () => setFamily(null),
            onSettled: () => setAsking(false),
          })
        }
        onCancel={() => setAsking(false)}
      >
        {family && (
          <>
            <p>
              Alle gegevens van {family.SUBSCRIBER_PARENT_FIRSTNAME} {family.SUBSCRIBER_PARENT_LASTNAME} ({family.SUBSCRIBER_PARENT_EMAIL})
              en van {family.CHILDREN.length === 1 ? 'het kind' : 'de kinderen'} {childrenText(family)} worden definitief gewist.
            </p>
            <p className="mb-0">Dit kan niet ongedaan gemaakt worden.</p>
          </>
        )}
      </ConfirmModal>
    </SectionCard>
  );
}

/** 'Gegevensbeheer' (beheerder): retention, and a family's access request and erasure (issues 20, 33 and 39). */
export default function DataManagementPage() {
  return (
    <>
      <h1 className="h3 mb-3">Gegevensbeheer</h1>
      <RetentionCard />
      <FamilyCard />
    </>
  );
}
