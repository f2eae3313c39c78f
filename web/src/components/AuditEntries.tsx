import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import type { QueryInput } from '@common/contract/index.js';
import type { Contract } from '@common/contract/index.js';
import type { AuditEntry } from '@common/schemas/audit.js';
import { formatDateTime } from '@common/format.js';
import { roleLabels } from '@common/roles.js';
import { api } from '../lib/api-client.js';
import { callKey } from '../lib/queries.js';
import { ErrorAlert } from './ErrorAlert.js';
import { LoadingLine } from './LoadingLine.js';

export type AuditFilter = Omit<NonNullable<QueryInput<Contract['getAuditLog']>>, 'beforeId'>;

export const loadAuditFailed = 'Niet gelukt om de geschiedenis op te halen. Probeer opnieuw.';

/** The audit log for a filter, 100 entries a page, newest first; the next page continues below the oldest shown. */
export function useAuditLog(filter: AuditFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: callKey('getAuditLog', filter),
    queryFn: ({ pageParam }) => api.call('getAuditLog', { ...filter, ...(pageParam ? { beforeId: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.entries[last.entries.length - 1]?.id : undefined),
    enabled,
  });
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-muted">Geen velden gewijzigd</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <strong>{change.label}</strong>: {change.old} → {change.new}
        </li>
      ))}
    </ul>
  );
}

/**
 * Who changed what and when, as a table: each change as field: old → new with Dutch field names. The
 * record column is left out where the table is the history of one record.
 */
export function AuditEntries({ filter, showRecord = false, caption }: { filter: AuditFilter; showRecord?: boolean; caption: string }) {
  const log = useAuditLog(filter);
  if (log.isPending) return <LoadingLine />;
  if (log.isError) return <ErrorAlert message={loadAuditFailed} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-muted mb-0">Geen wijzigingen gevonden.</p>;
  return (
    <>
      <table className="table table-sm align-top mb-2">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Wanneer</th>
            <th scope="col">Gebruiker</th>
            <th scope="col">Actie</th>
            {showRecord && <th scope="col">Onderdeel</th>}
            <th scope="col">Wijzigingen</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="text-nowrap">{formatDateTime(entry.at)}</td>
              <td>{entry.userEmail ?? (entry.userRole ? roleLabels[entry.userRole] : 'Systeem')}</td>
              <td>{entry.actionLabel}</td>
              {showRecord && (
                <td className="text-nowrap">
                  {entry.entityLabel}
                  {entry.entityId !== null && ` ${entry.entityId}`}
                </td>
              )}
              <td>
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {log.hasNextPage && (
        <Button variant="outline-secondary" size="sm" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Laden...' : 'Meer tonen'}
        </Button>
      )}
    </>
  );
}
