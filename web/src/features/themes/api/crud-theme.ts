import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ThemePayload } from '@common/schemas/themes.js';
import { api } from '../../../lib/api-client.js';
import { lookupKeys } from '../../../lib/lookups.js';
import { themeKeys } from './keys.js';

/** Creates a theme (no THEME_ID) or renames one; the server answers the theme's id. */
export async function saveTheme(theme: ThemePayload) {
  return z.object({ themeId: z.number() }).parse(await api.call('crudTheme', theme));
}

/** Saves a theme; the theme lookup every screen shares and the theme's own detail are refetched. */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTheme,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lookupKeys.list('theme') }),
        queryClient.invalidateQueries({ queryKey: themeKeys.all }),
      ]),
  });
}
