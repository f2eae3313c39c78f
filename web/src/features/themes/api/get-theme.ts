import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThemeRecord } from '@common/schemas/themes.js';
import { taxonomy } from '../../../lib/lookups.js';
import { themeKeys } from './keys.js';

/** One theme, or null when the id is unknown (the answer is an empty list). */
export async function getTheme(themeId: number): Promise<ThemeRecord | null> {
  const rows = await taxonomy('theme', { themeId });
  return rows[0] ?? null;
}

/** Loads the theme as it is now, into the cache the theme screen reads. */
export function useReloadTheme() {
  const queryClient = useQueryClient();
  return (themeId: number) =>
    queryClient.fetchQuery({ queryKey: themeKeys.detail(themeId), queryFn: () => getTheme(themeId), staleTime: 0 });
}

export function useTheme(themeId: number | null) {
  return useQuery({
    queryKey: themeKeys.detail(themeId ?? 0),
    queryFn: () => getTheme(themeId!),
    enabled: themeId !== null,
  });
}
