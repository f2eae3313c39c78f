import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from '../../../components/useDebouncedSearch.js';
import {
  noOverviewFilter,
  overviewFilterFromQuery,
  overviewFilterQuery,
  SELECTION_FILTERS,
  type OverviewFilter,
} from '@common/subscription-overview.js';

type SelectionFilter = (typeof SELECTION_FILTERS)[number];

export type DropdownChoice = Partial<Omit<OverviewFilter, 'cancelledOnly' | SelectionFilter>>;

/**
 * The filters of the overview and how they interact (spec section 2): a search looks through the
 * whole year, so it resets location, period and theme as it runs (status and method stay); choosing
 * any dropdown clears the search.
 */
export function useOverviewFilter() {
  const [searchParams] = useSearchParams();
  // A link into the list (the dashboard's figures) names its dropdowns in the address; anything unreadable is ignored.
  const [filter, setFilter] = useState<OverviewFilter>(() => {
    const linked = overviewFilterQuery.omit({ search: true }).safeParse(Object.fromEntries(searchParams));
    return linked.success ? overviewFilterFromQuery(linked.data).filter : noOverviewFilter;
  });
  const search = useDebouncedSearch(() => setFilter((current) => ({ ...current, locationId: '', periodId: '', themeId: '' })));
  const { clear } = search;

  const choose = useCallback(
    (choice: DropdownChoice) => {
      clear();
      setFilter((current) => ({ ...current, ...choice }));
    },
    [clear],
  );

  const setCancelledOnly = useCallback((cancelledOnly: boolean) => setFilter((current) => ({ ...current, cancelledOnly })), []);

  /** A link's booking days or discount reason stay, through searches and dropdowns, until staff remove them. */
  const removeSelection = useCallback(
    (keys: readonly SelectionFilter[]) => setFilter((current) => ({ ...current, ...Object.fromEntries(keys.map((key) => [key, ''])) })),
    [],
  );

  return { text: search.text, query: search.query, type: search.type, filter, choose, setCancelledOnly, removeSelection };
}
