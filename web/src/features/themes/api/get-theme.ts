import { useQuery } from '@tanstack/react-query';
import { themeRecord, type ThemeRecord } from '@common/schemas/themes.js';
import { taxonomy } from '../../../lib/lookups.js';
import { themeKeys } from './keys.js';

/** One theme, or null when the id is unknown (the answer is an empty list). */
export async function getTheme(themeId: number): Promise<ThemeRecord | null> {
  const rows = await taxonomy('theme', themeRecord, { themeId });
  return rows[0] ?? null;
}

export function useTheme(themeId: number | null) {
  return useQuery({
    queryKey: themeKeys.detail(themeId ?? 0),
    queryFn: () => getTheme(themeId!),
    enabled: themeId !== null,
  });
}
