import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxonomyQuery } from '../../../lib/lookups.js';

/** One theme, or null when the id is unknown (the answer is an empty list). */
const themeQuery = (themeId: number) => queryOptions({ ...taxonomyQuery('theme', { themeId }), select: (rows) => rows[0] ?? null });

/** Loads the theme as it is now, into the cache the theme screen reads; answers it, or null when it is gone. */
export function useReloadTheme() {
  const queryClient = useQueryClient();
  return async (themeId: number) => (await queryClient.fetchQuery({ ...taxonomyQuery('theme', { themeId }), staleTime: 0 }))[0] ?? null;
}

export function useTheme(themeId: number | null) {
  return useQuery({ ...themeQuery(themeId ?? 0), enabled: themeId !== null });
}
