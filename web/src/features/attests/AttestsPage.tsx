import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { FiscalAttestChildRow } from '@common/schemas/attests.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { Progress } from '../../components/Progress.js';
import { SectionCard } from '../../components/SectionCard.js';
import { api, ApiError, downloads } from '../../lib/api-client.js';
import { useCampYear } from '../../lib/camp-year.js';
import { AttestChildModal } from './AttestChildModal.js';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Mislukt, probeer opnieuw.');

/** Attesten: the fiscal attests 281.86 of the selected camp year as income year, their files and mails. */
export default function AttestsPage() {
  const year = useCampYear();
  const queryClient = useQueryClient();
  const attests = useQuery({ queryKey: ['getFiscalAttests', year], queryFn: () => api.call('getFiscalAttests', { year }) });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<FiscalAttestChildRow | null>(null);
  const mail = useMutation({ mutationFn: () => api.call('mailAttests', { year }) });

  if (attests.isPending) return <LoadingLine />;
  if (attests.isError) return <ErrorAlert message="Niet gelukt om de attesten op te halen. Probeer opnieuw." />;
  const data = attests.data;
  const withAttest = data.CHILDREN.filter((c) => c.ATTESTS.length > 0);
  const run = (work: () => Promise<unknown>) => {
    setError(null);
    setMessage(null);
    work()
      .catch((e: unknown) => setError(failure(e)))
      .finally(() => void queryClient.invalidateQueries({ queryKey: ['getFiscalAttests', year] }));
  };
  // Each child's PDF is made on the server one after the other, so the bar shows real progress.
  const generate = () =>
    run(async () => {
      setProgress({ done: 0, total: withAttest.length });
      for (const [i, child] of withAttest.entries()) {
        await downloads.fetchFile('getFiscalAttestPdf', { subscriberId: child.SUBSCRIBER_ID, year });
        setProgress({ done: i + 1, total: withAttest.length });
      }
      setMessage(
        `${withAttest.length} ${withAttest.length === 1 ? 'kind' : 'kinderen'}: attesten gemaakt. Download ze als ZIP of mail ze naar de ouders.`,
      );
    });

  return (
    <>
      <h1 className="h3 mb-3">Attesten {year}</h1>
      {data.NOT_ALLOWED && <Alert variant="warning">{data.NOT_ALLOWED}</Alert>}
      <ErrorAlert message={error} />
      {message && <Alert variant="success">{message}</Alert>}
      {!data.NOT_ALLOWED && (
        <SectionCard title="Fiscale attesten kinderopvang (281.86)">
          <p>
            {data.ATTEST_COUNT} attesten voor {withAttest.length} kinderen, samen {formatEuro(data.TOTAL_AMOUNT)}.
            {data.DAILY_MAXIMUM !== null && ` Fiscaal dagmaximum ${year}: ${formatEuro(data.DAILY_MAXIMUM)}.`}
            {data.DECLARED && ` Aangegeven bij Belcotax; sindsdien ${data.CHANGED_SINCE_DECLARATION} gewijzigd.`}
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button onClick={generate} disabled={withAttest.length === 0}>
              Attesten maken
            </Button>
            <Button variant="outline-secondary" onClick={() => run(() => downloads.download('exportFiscalAttests', { year }))}>
              Alle attesten (ZIP)
            </Button>
            <Button
              variant="outline-secondary"
              disabled={mail.isPending}
              onClick={() =>
                run(async () => {
                  const result = await mail.mutateAsync();
                  setMessage(`${result.QUEUED} mails met het attest klaargezet in de outbox; ${result.SKIPPED} kinderen zonder attest.`);
                })
              }
            >
              Mailen naar de ouders
            </Button>
            <Button variant="outline-secondary" onClick={() => run(() => downloads.download('exportBelcotax', { year }))}>
              Belcotax-bestand (XML)
            </Button>
            <Button
              variant="outline-secondary"
              disabled={!data.DECLARED}
              onClick={() => run(() => downloads.download('exportBelcotaxCorrections', { year }))}
            >
              Wijzigingsbestand (XML)
            </Button>
          </div>
          {progress && (
            <Progress label="Attesten maken" percent={progress.total ? Math.round((100 * progress.done) / progress.total) : 100} />
          )}
        </SectionCard>
      )}
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
              <td className="text-end">{formatEuro(c.AMOUNT)}</td>
              <td>
                {c.ATTESTS.map((a) => (
                  <div key={a.NUMBER}>
                    Nr. {a.NUMBER}: {a.DEBTOR_NAME}
                    {a.SHARE_PERCENT < 100 && ` (${a.SHARE_PERCENT} %)`}, {formatEuro(a.AMOUNT)}
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
