import { useQuery } from '@tanstack/react-query';
import type { ThemeRecord } from '@common/schemas/themes.js';
import { api } from '../../../lib/api-client.js';
import { themeKeys } from './keys.js';

/** One theme, or null when the id is unknown (the answer is an empty list). */
export async function getTheme(themeId: number): Promise<ThemeRecord | null> {
  const rows = await api.get<ThemeRecord[]>('getTaxonomy', { type: 'theme', themeId });
  return rows[0] ?? null;
}

export function useTheme(themeId: number | null) {
  return useQuery({
    queryKey: themeKeys.detail(themeId ?? 0),
    queryFn: () => getTheme(themeId!),
    enabled: themeId !== null,
  });
}
