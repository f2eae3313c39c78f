import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { formatOfferedUntil } from '@common/format.js';
import type { YearWaitingEntryRecord } from '@common/schemas/waiting-list.js';
import type { SearchQuery } from '@common/search.js';
import { campLabel, type OverviewFilter } from '@common/subscription-overview.js';
import { filterWaitingRows } from '@common/waiting-rows.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { waitingListPath } from '../../../lib/waiting-list-path.js';
import { useWaitingLists } from '../api/get-waiting-lists.js';

/*
 * 'Toon enkel de wachtlijst' (issue 34): the year's waiting children and open offers instead of the subscriptions. This
 * module loads once the box is ticked (a lazy chunk of the overview), with the call that reads them and their filter.
 */

interface WaitingRowsProps {
  year: number;
  filter: OverviewFilter;
  query: SearchQuery | null;
}

const countFormat = new Intl.NumberFormat('nl-BE');

/** The year's waiting children the overview's filters leave; asked of the server only while a part of this module shows. */
function useWaitingRows({ year, filter, query }: WaitingRowsProps) {
  const lists = useWaitingLists(year);
  const rows = useMemo(() => (lists.data ? filterWaitingRows(lists.data, filter, query) : undefined), [lists.data, filter, query]);
  return { rows, isPending: lists.isPending };
}

/**
 * One part of the waiting rows where the overview puts it (one lazy component, so one small wrapper in the overview's
 * first chunk): the count in the header, or the table under the filters.
 */
export default function WaitingRows({ part, ...props }: WaitingRowsProps & { part: 'count' | 'table' }) {
  return part === 'count' ? <WaitingCount {...props} /> : <WaitingTable {...props} />;
}

/** The count of the header: 'N kinderen op de wachtlijst', '1 kind op de wachtlijst'; never 'inschrijvingen'. */
function WaitingCount(props: WaitingRowsProps) {
  const { rows } = useWaitingRows(props);
  if (!rows) return null;
  return (
    <span className="text-body-secondary" role="status" data-testid="subscription-count">
      {rows.length === 1 ? '1 kind op de wachtlijst' : `${countFormat.format(rows.length)} kinderen op de wachtlijst`}
    </span>
  );
}

/** 'Wachtlijst, plaats 3' or 'Plaats aangeboden tot 14/07/2026, 10:00': where a waiting child stands. */
const statusText = (e: YearWaitingEntryRecord) =>
  e.STATE === 'offered' ? formatOfferedUntil(e.OFFER_EXPIRES_AT) : `Wachtlijst, plaats ${e.PLACE}`;

/**
 * The waiting children as a table, per camp in each list's order. No money columns, totals, export or cap on the rows:
 * a waiting child is no subscription, and a year's lists are short. 'Wachtlijst' opens the camp's list in a new tab, as
 * 'Bekijken' opens a subscription, so the overview keeps its filters. A failed load shows no table (spec section 8).
 */
function WaitingTable(props: WaitingRowsProps) {
  const { rows, isPending } = useWaitingRows(props);
  if (isPending) return <LoadingLine />;
  if (!rows) return null;
  return (
    <Table striped hover responsive size="sm" className="align-middle small" data-testid="waiting-rows">
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Kamp</th>
          <th scope="col">Ouder</th>
          <th scope="col">Status</th>
          <th scope="col">Acties</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={5} className="text-body-secondary py-3">
              Geen kinderen op de wachtlijst gevonden.
            </td>
          </tr>
        )}
        {rows.map((e) => {
          const childName = `${e.SUBSCRIBER_FIRSTNAME} ${e.SUBSCRIBER_LASTNAME}`;
          return (
            <tr key={e.WAITING_ID} data-waiting-id={e.WAITING_ID}>
              <th scope="row" className="fw-normal">
                {childName}
              </th>
              <td>{campLabel(e)}</td>
              <td>
                {e.SUBSCRIBER_PARENT_FIRSTNAME} {e.SUBSCRIBER_PARENT_LASTNAME}
              </td>
              <td>
                <Badge bg={e.STATE === 'offered' ? 'warning' : 'secondary'} text={e.STATE === 'offered' ? 'dark' : undefined}>
                  {statusText(e)}
                </Badge>
              </td>
              <td>
                <a href={waitingListPath(e.CAMP_ID, props.year)} target="_blank" rel="noopener" className="btn btn-outline-primary btn-sm">
                  Wachtlijst<span className="visually-hidden"> {childName}</span>
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
