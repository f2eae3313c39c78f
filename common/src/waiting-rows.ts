import type { YearWaitingEntryRecord } from './schemas/waiting-list.js';
import { matchesSearch, searchIndexEntry, type SearchQuery } from './search.js';
import { campFilterOf, type OverviewFilter } from './subscription-overview.js';

/*
 * The subscriptions overview's rule for its waiting rows, beside `filterRows` (subscription-overview.ts) and sharing its
 * camp filter; a module of its own so that the overview's first screen does not carry it (its 160 KB budget): the
 * web loads it with the waiting rows, once the box is ticked.
 */

/**
 * The waiting children of 'Toon enkel de wachtlijst' (issue 34) the overview's filters leave: location, theme and
 * period as for subscriptions (`campFilterOf`), and the search by the one search rule in the child's and the parent's
 * names. Payment status, method, origin, the cancelled ones and a link's selection are about subscriptions: a waiting
 * child has none of them, so they do not apply (the overview disables them while the box is ticked). The order stays
 * the answer's (getWaitingLists: per camp, each camp's list in its order).
 */
export function filterWaitingRows(
  entries: readonly YearWaitingEntryRecord[],
  filter: OverviewFilter,
  query: SearchQuery | null,
): YearWaitingEntryRecord[] {
  const inCamps = campFilterOf(filter);
  return entries.filter(
    (e) =>
      inCamps(e) &&
      (query === null ||
        matchesSearch(
          searchIndexEntry([e.SUBSCRIBER_FIRSTNAME, e.SUBSCRIBER_LASTNAME, e.SUBSCRIBER_PARENT_FIRSTNAME, e.SUBSCRIBER_PARENT_LASTNAME]),
          query,
        )),
  );
}
