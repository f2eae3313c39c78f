import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countText, formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { BelcotaxBlocker, FiscalAttestChildRow, FiscalAttestsAnswer } from '@common/schemas/attests.js';
import { paths } from '../../app/paths.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { Progress } from '../../components/Progress.js';
import { SectionCard } from '../../components/SectionCard.js';
import type { CallName } from '@common/contract/index.js';
import { api, ApiError, downloads } from '../../lib/api-client.js';
import { callQuery, invalidateAfter } from '../../lib/queries.js';
import { useCampYear } from '../../lib/camp-year.js';
import { AttestChildModal } from './AttestChildModal.js';
import { Money } from '../../components/Money.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { mailsToSendTitle } from '../../components/mass-action.js';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Mislukt, probeer opnieuw.');
/** Long work that stopped, saying in Dutch where and why. */
class WorkStopped extends Error {}

/** Attesten: the fiscal attests 281.86 of the selected camp year as income year, their files and mails. */
export default function AttestsPage() {
  const year = useCampYear();
  const queryClient = useQueryClient();
  const attests = useQuery(callQuery('getFiscalAttests', { year }));
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<FiscalAttestChildRow | null>(null);
  const [testFile, setTestFile] = useState(false);
  const [asking, setAsking] = useState<'generate' | 'mail' | null>(null);
  const [zipping, setZipping] = useState(false);
  const mail = useMutation({ mutationFn: () => api.call('mailAttests', { year }) });

  if (attests.isPending) return <LoadingLine />;
  if (attests.isError) return <ErrorAlert message="Niet gelukt om de attesten op te halen. Probeer opnieuw." />;
  const data = attests.data;
  const blocked = data.BELCOTAX_MISSING_SETTINGS.length > 0 || data.BELCOTAX_BLOCKERS.length > 0;
  const belcotaxQuery = { year, ...(testFile ? { test: 'true' as const } : {}) };
  const withAttest = data.CHILDREN.filter((c) => c.ATTESTS.length > 0);
  /**
   * Runs what a button does; the files it made (numbered attests, a declaration) make stale what their call
   * declares, once when done, also after a failure halfway (the files before it were made).
   */
  const run = (work: () => Promise<unknown>, made?: CallName) => {
    setError(null);
    setMessage(null);
    work()
      .catch((e: unknown) => setError(e instanceof WorkStopped ? e.message : failure(e)))
      .finally(() => made && void invalidateAfter(queryClient, made));
  };
  // Each child's PDF is made on the server one after the other, so the bar shows real progress. A refusal stops the
  // work and says where and why, next to the bar (it used to stop at 55 % and say nothing where staff looked).
  const generate = () =>
    run(async () => {
      const total = withAttest.length;
      setProgress({ done: 0, total });
      for (const [i, child] of withAttest.entries()) {
        try {
          await downloads.fetchFile('getFiscalAttestPdf', { subscriberId: child.SUBSCRIBER_ID, year });
        } catch (e) {
          throw new WorkStopped(
            `Attesten maken gestopt bij ${child.SUBSCRIBER_FIRSTNAME} ${child.SUBSCRIBER_LASTNAME}: ${failure(e)} ` +
              `${countText(i, 'kind is', 'kinderen zijn')} klaar, ${total - i} niet.`,
            { cause: e },
          );
        }
        setProgress({ done: i + 1, total });
      }
      setMessage(`${countText(total, 'kind', 'kinderen')}: attesten gemaakt. Download ze als ZIP of mail ze naar de ouders.`);
    }, 'getFiscalAttestPdf');
  const zip = () => {
    setZipping(true);
    run(async () => {
      try {
        const fileName = await downloads.download('exportFiscalAttests', { year });
        setMessage(`${fileName} gedownload: de attesten van ${countText(withAttest.length, 'kind', 'kinderen')}.`);
      } finally {
        setZipping(false);
      }
    }, 'exportFiscalAttests');
  };
  const mailParents = () =>
    run(async () => {
      const result = await mail.mutateAsync();
      setMessage(
        `${countText(result.QUEUED, 'mail', 'mails')} met het attest klaargezet in de outbox; ${countText(result.SKIPPED, 'kind', 'kinderen')} zonder attest.`,
      );
    });

  return (
    <>
      <h1 className="h3 mb-3">Attesten {year}</h1>
      {data.NOT_ALLOWED && <Alert variant="warning">{data.NOT_ALLOWED}</Alert>}
      {data.NOT_ALLOWED && <ErrorAlert message={error} />}
      {!data.NOT_ALLOWED && (
        <SectionCard title="Fiscale attesten kinderopvang (281.86)">
          <p>
            {countText(data.ATTEST_COUNT, 'attest', 'attesten')} voor {countText(withAttest.length, 'kind', 'kinderen')}, samen{' '}
            <Money euro={data.TOTAL_AMOUNT} />.
            {data.DAILY_MAXIMUM !== null && ` Fiscaal dagmaximum ${year}: ${formatEuro(data.DAILY_MAXIMUM)}.`}
            {data.DECLARED && ` Aangegeven bij Belcotax; sindsdien ${data.CHANGED_SINCE_DECLARATION} gewijzigd.`}
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button onClick={() => setAsking('generate')} disabled={withAttest.length === 0}>
              Attesten maken
            </Button>
            <Button variant="outline-secondary" disabled={zipping} onClick={zip}>
              Alle attesten (ZIP)
            </Button>
            <Button variant="outline-secondary" disabled={mail.isPending || withAttest.length === 0} onClick={() => setAsking('mail')}>
              Mailen naar de ouders
            </Button>
            <Button
              variant="outline-secondary"
              disabled={blocked}
              onClick={() => run(() => downloads.download('exportBelcotax', belcotaxQuery), 'exportBelcotax')}
            >
              {testFile ? 'Belcotax-testbestand (XML)' : 'Belcotax-bestand (XML)'}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={blocked || !data.DECLARED}
              onClick={() => run(() => downloads.download('exportBelcotaxCorrections', belcotaxQuery), 'exportBelcotaxCorrections')}
            >
              {testFile ? 'Wijzigingstestbestand (XML)' : 'Wijzigingsbestand (XML)'}
            </Button>
          </div>
          <Form.Check
            type="switch"
            id="belcotax-test-file"
            className="mb-2"
            checked={testFile}
            onChange={(e) => setTestFile(e.target.checked)}
            label="Testbestand (BCTEST): eerst opladen in de testomgeving van Belcotax-on-web. Een testbestand geldt niet als aangifte."
          />
          <BelcotaxBlockers
            data={data}
            onEditDebtors={(childId) => setEditing(data.CHILDREN.find((c) => c.SUBSCRIBER_ID === childId) ?? null)}
          />
          {progress && (
            <Progress label="Attesten maken" percent={progress.total ? Math.round((100 * progress.done) / progress.total) : 100} />
          )}
          {zipping && <Progress label="Alle attesten (ZIP)" percent={0} busy />}
          {mail.isPending && <Progress label="Mailen naar de ouders" percent={0} busy />}
          {/* The result of the last action, where staff look: under its buttons and its bar. */}
          <ErrorAlert message={error} className="mt-3 mb-0" />
          {message && (
            <Alert variant="success" className="mt-3 mb-0" role="status">
              {message}
            </Alert>
          )}
        </SectionCard>
      )}
      <ConfirmModal
        show={asking === 'generate'}
        title={`Attesten maken voor ${countText(withAttest.length, 'kind', 'kinderen')}?`}
        confirmLabel="Attesten maken"
        onConfirm={() => {
          setAsking(null);
          generate();
        }}
        onCancel={() => setAsking(null)}
      >
        <p className="mb-0">
          De server maakt het attest van elk kind met een attest, een na een; de balk toont hoe ver hij is. Daarna download je ze als ZIP of
          mail je ze naar de ouders.
        </p>
      </ConfirmModal>
      <ConfirmModal
        show={asking === 'mail'}
        title={mailsToSendTitle(withAttest.length)}
        confirmLabel="Mails versturen"
        onConfirm={() => {
          setAsking(null);
          mailParents();
        }}
        onCancel={() => setAsking(null)}
      >
        <p className="mb-0">
          Elke ouder van de {countText(withAttest.length, 'kind', 'kinderen')} met een attest krijgt een mail met het fiscaal attest
          {year} als bijlage. Een verstuurde mail kan je niet terugnemen.
        </p>
      </ConfirmModal>
      <table className="table table-sm table-striped">
        <caption>Kinderen met een inschrijving in {year}</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Geboortedatum</th>
            <th scope="col" className="text-end">
              Dagen
            </th>
            <th scope="col" className="text-end">
              Bedrag
            </th>
            <th scope="col">Attesten</th>
            <th scope="col">Geen attest omdat</th>
            <th scope="col">
              <span className="visually-hidden">Acties</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.CHILDREN.map((c) => (
            <tr key={c.SUBSCRIBER_ID}>
              <td>
                {c.SUBSCRIBER_LASTNAME} {c.SUBSCRIBER_FIRSTNAME}
                {c.SEVERE_DISABILITY && <small className="d-block text-body-secondary">ernstige handicap</small>}
              </td>
              <td>{formatDate(c.SUBSCRIBER_BIRTHDATE)}</td>
              <td className="text-end">{c.DAYS}</td>
              <td className="text-end">
                <Money euro={c.AMOUNT} />
              </td>
              <td>
                {c.ATTESTS.map((a) => (
                  <div key={a.NUMBER}>
                    Nr. {a.NUMBER}: {a.DEBTOR_NAME}
                    {a.SHARE_PERCENT < 100 && ` (${a.SHARE_PERCENT} %)`}, <Money euro={a.AMOUNT} />
                  </div>
                ))}
              </td>
              <td>
                {c.MISSING_REASON}
                {c.EXCLUSIONS.length > 0 && c.ATTESTS.length > 0 && (
                  <small className="text-body-secondary">{c.EXCLUSIONS.map((x) => `${x.CAMP}: ${x.REASON}`).join('; ')}</small>
                )}
              </td>
              <td>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() => setEditing(c)}
                  aria-label={`Attestgegevens ${c.SUBSCRIBER_FIRSTNAME} ${c.SUBSCRIBER_LASTNAME} aanpassen`}
                >
                  Aanpassen
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AttestChildModal child={editing} year={year} onClose={() => setEditing(null)} />
    </>
  );
}

const FIX_LABELS: Record<BelcotaxBlocker['FIX'], string> = {
  child: 'Kind aanpassen',
  parent: 'Ouder aanpassen',
  debtors: 'Schuldenaars aanpassen',
};

/**
 * What keeps the Belcotax file from being made, before staff ask for it: the settings it lacks (a link to
 * Instellingen) and the children whose data Belcotax would refuse, each with a link to where it is fixed.
 */
function BelcotaxBlockers({ data, onEditDebtors }: { data: FiscalAttestsAnswer; onEditDebtors: (childId: number) => void }) {
  if (data.BELCOTAX_MISSING_SETTINGS.length === 0 && data.BELCOTAX_BLOCKERS.length === 0) return null;
  return (
    <Alert variant="warning" className="mb-0">
      <h2 className="h6">Het Belcotax-bestand kan nog niet gemaakt worden</h2>
      {data.BELCOTAX_MISSING_SETTINGS.length > 0 && (
        <>
          <p className="mb-1">
            Deze instellingen ontbreken nog (
            <Link className="alert-link" to={paths.settings()}>
              Beheer › Instellingen
            </Link>
            ):
          </p>
          <ul>
            {data.BELCOTAX_MISSING_SETTINGS.map((s) => (
              <li key={s.SETTING}>{s.LABEL}</li>
            ))}
          </ul>
        </>
      )}
      {data.BELCOTAX_BLOCKERS.length > 0 && (
        <>
          <p className="mb-1">Deze kinderen houden het bestand tegen:</p>
          <ul className="mb-0">
            {data.BELCOTAX_BLOCKERS.map((b) => (
              <li key={`${b.SUBSCRIBER_ID}-${b.REASON}`}>
                {b.SUBSCRIBER_NAME}: {b.REASON}.{' '}
                {b.FIX === 'debtors' ? (
                  <Button variant="link" className="alert-link p-0 align-baseline" onClick={() => onEditDebtors(b.SUBSCRIBER_ID)}>
                    {FIX_LABELS.debtors}
                    <span className="visually-hidden"> van {b.SUBSCRIBER_NAME}</span>
                  </Button>
                ) : (
                  <Link className="alert-link" to={paths.subscriptionDetail(b.SUBSCRIPTION_ID)}>
                    {FIX_LABELS[b.FIX]}
                    <span className="visually-hidden"> van {b.SUBSCRIBER_NAME}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
