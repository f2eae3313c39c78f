import { useCallback, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@common/constants.js';
import { parseSearchQuery, type SearchQuery } from '@common/search.js';
import { useDebouncedCallback } from './useDebouncedCallback.js';

/**
 * The free-text search of an overview (spec section 2, decisions.md section 7): the text as typed, and
 * the query it becomes 350 ms after typing stops (null below 2 characters: the full list). `onSearch`
 * runs as a query takes effect, for the dropdowns a search resets; `clear` empties text and query at
 * once, a pending search included, for the dropdowns that clear the search.
 */
export function useDebouncedSearch(onSearch?: () => void) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<SearchQuery | null>(null);

  const run = useDebouncedCallback((typed: string) => {
    const parsed = parseSearchQuery(typed);
    setQuery(parsed);
    if (parsed) onSearch?.();
  }, SEARCH_DEBOUNCE_MS);

  const type = useCallback(
    (typed: string) => {
      setText(typed);
      run.call(typed);
    },
    [run],
  );

  const clear = useCallback(() => {
    run.cancel();
    setText('');
    setQuery(null);
  }, [run]);

  return useMemo(() => ({ text, query, type, clear }), [text, query, type, clear]);
}
