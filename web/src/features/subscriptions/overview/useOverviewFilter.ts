import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from '../../../components/useDebouncedSearch.js';
import { noOverviewFilter, overviewFilterFromQuery, SELECTION_FILTERS, type OverviewFilter } from '@common/subscription-overview.js';

type SelectionFilter = (typeof SELECTION_FILTERS)[number];

export type DropdownChoice = Partial<Omit<OverviewFilter, 'cancelledOnly' | SelectionFilter>>;

/**
 * The filters a link into the list (the dashboard's figures) names in the address; anything unreadable is
 * ignored. Undefined while they are read: the schema that reads them brings zod, so it loads only for an
 * address that names a filter, and the overview opened from the navigation bar loads no zod.
 */
export function useLinkedOverviewFilter(): OverviewFilter | undefined {
  const [searchParams] = useSearchParams();
  const [linked, setLinked] = useState(() =>
    Object.keys(noOverviewFilter).some((key) => searchParams.has(key)) ? undefined : noOverviewFilter,
  );
  useEffect(() => {
    if (linked) return;
    let current = true;
    void import('@common/schemas/overview-filter.js').then(({ overviewFilterQuery }) => {
      const read = overviewFilterQuery.omit({ search: true }).safeParse(Object.fromEntries(searchParams));
      if (current) setLinked(read.success ? overviewFilterFromQuery(read.data).filter : noOverviewFilter);
    });
    return () => {
      current = false;
    };
  }, [linked, searchParams]);
  return linked;
}

/**
 * The filters of the overview and how they interact (spec section 2): a search looks through the
 * whole year, so it resets location, period and theme as it runs (status and method stay); choosing
 * any dropdown clears the search.
 */
export function useOverviewFilter(linked: OverviewFilter) {
  const [filter, setFilter] = useState<OverviewFilter>(linked);
  const search = useDebouncedSearch(() => setFilter((current) => ({ ...current, locationId: '', periodId: '', themeId: '' })));
  const { clear } = search;

  const choose = useCallback(
    (choice: DropdownChoice) => {
      clear();
      setFilter((current) => ({ ...current, ...choice }));
    },
    [clear],
  );

  // The waiting list (issue 34) is no filter of subscriptions: the overview shows it instead of them. Its box and the
  // cancelled one exclude each other.
  const [waitingOnly, setWaitingOnlyState] = useState(false);
  const setCancelledOnly = useCallback((cancelledOnly: boolean) => {
    setFilter((current) => ({ ...current, cancelledOnly }));
    if (cancelledOnly) setWaitingOnlyState(false);
  }, []);
  const setWaitingOnly = useCallback((on: boolean) => {
    setWaitingOnlyState(on);
    if (on) setFilter((current) => ({ ...current, cancelledOnly: false }));
  }, []);

  /** A link's booking days or discount reason stay, through searches and dropdowns, until staff remove them. */
  const removeSelection = useCallback(
    (keys: readonly SelectionFilter[]) => setFilter((current) => ({ ...current, ...Object.fromEntries(keys.map((key) => [key, ''])) })),
    [],
  );

  return {
    text: search.text,
    query: search.query,
    type: search.type,
    filter,
    choose,
    setCancelledOnly,
    waitingOnly,
    setWaitingOnly,
    removeSelection,
  };
}
