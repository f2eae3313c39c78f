import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDateTime, formatDayMonth } from '@common/format.js';
import type { BookingOverrides, DeletedSubscriptionRecord } from '@common/schemas/registration.js';
import { noOverrides, overrideFor } from '../../components/BookingOverrideChecks.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { paths } from '../../app/paths.js';
import { ApiError } from '../../lib/api-client.js';
import { useCampYear } from '../../lib/camp-year.js';
import { useDeletedSubscriptions, useRestoreSubscription } from './api/registration.js';

const overrideLabels: Record<keyof BookingOverrides, string> = {
  overCapacity: 'Toch terugzetten (boven capaciteit)',
  overAgeRange: 'Toch terugzetten (buiten leeftijd)',
  overClosed: 'Toch terugzetten (gesloten kamp)',
};

/**
 * 'Terugzetten' of one entry; a camp that filled up or closed meanwhile, or a child outside its birth years,
 * offers the override the server's refusal names (issues 18 and 39), keeping the ones already given.
 */
function RestoreButton({
  entry,
  onRestored,
}: {
  entry: DeletedSubscriptionRecord;
  onRestored: (entry: DeletedSubscriptionRecord) => void;
}) {
  const restore = useRestoreSubscription();
  const [given, setGiven] = useState<BookingOverrides>(noOverrides);
  const refused = restore.error instanceof ApiError ? overrideFor(restore.error.code) : undefined;
  const run = (overrides: BookingOverrides) => {
    setGiven(overrides);
    restore.mutate({ SUBSCRIPTION_ID: entry.SUBSCRIPTION_ID, ...overrides }, { onSuccess: () => onRestored(entry) });
  };
  return (
    <div className="d-flex flex-column gap-1 align-items-start">
      <Button size="sm" variant="outline-primary" disabled={restore.isPending} onClick={() => run(noOverrides)}>
        Terugzetten
      </Button>
      <ErrorAlert className="mb-0 py-1 small" message={restore.error?.message} />
      {refused && (
        <Button size="sm" variant="outline-danger" disabled={restore.isPending} onClick={() => run({ ...given, [refused]: true })}>
          {overrideLabels[refused]}
        </Button>
      )}
    </div>
  );
}

/**
 * The trash (issue 18): the deleted subscriptions of the camp year, who deleted them and when, and when the
 * server empties them for good. 'Terugzetten' brings one back exactly as it was.
 */
export default function TrashPage() {
  const year = useCampYear();
  const trash = useDeletedSubscriptions(year);
  // A restored entry leaves the list at once; the notice keeps the way to its detail.
  const [restored, setRestored] = useState<DeletedSubscriptionRecord[]>([]);
  return (
    <>
      <Link to={paths.subscriptionOverview(year)} className="btn btn-outline-secondary btn-sm">
        {'<< Terug naar overzicht'}
      </Link>
      <h1 className="h3 my-3">Prullenbak {year}</h1>
      <p className="text-body-secondary">
        Verwijderde inschrijvingen blijven hier tot de vermelde datum; daarna worden ze met alle persoonsgegevens definitief gewist.
      </p>
      {restored.map((entry) => (
        <Alert key={entry.SUBSCRIPTION_ID} variant="success" role="status">
          Inschrijving {entry.SUBSCRIPTION_REFERENCE} van {entry.SUBSCRIBER_FIRSTNAME} {entry.SUBSCRIBER_LASTNAME} is teruggezet.{' '}
          <Link to={paths.subscriptionDetail(entry.SUBSCRIPTION_ID)}>Bekijken</Link>
        </Alert>
      ))}
      {trash.isPending && <LoadingLine />}
      {trash.isError && <ErrorAlert message="Niet gelukt om de prullenbak op te halen. Probeer opnieuw." />}
      {trash.data && trash.data.length === 0 && <p>De prullenbak is leeg.</p>}
      {trash.data && trash.data.length > 0 && (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Kamp</th>
              <th scope="col">Referentie</th>
              <th scope="col">Verwijderd op</th>
              <th scope="col">Verwijderd door</th>
              <th scope="col">Definitief gewist op</th>
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {trash.data.map((entry) => (
              <tr key={entry.SUBSCRIPTION_ID}>
                <td>
                  {entry.SUBSCRIBER_FIRSTNAME} {entry.SUBSCRIBER_LASTNAME}
                </td>
                <td>
                  {entry.THEME_NAME} - {entry.LOCATION_NAME_SHORT} | {entry.PERIOD_NAME_SHORT} {formatDayMonth(entry.PERIOD_STARTDATE)} -{' '}
                  {formatDayMonth(entry.PERIOD_ENDDATE)}
                </td>
                <td>{entry.SUBSCRIPTION_REFERENCE}</td>
                <td>{formatDateTime(entry.DELETED_AT)}</td>
                <td>{entry.DELETED_BY ?? '/'}</td>
                <td>{formatDateTime(entry.PURGE_AT)}</td>
                <td>
                  <RestoreButton entry={entry} onRestored={(done) => setRestored((list) => [...list, done])} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
