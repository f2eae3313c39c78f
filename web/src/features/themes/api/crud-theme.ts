import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ThemePayload } from '@common/schemas/themes.js';
import { api } from '../../../lib/api-client.js';

/** Creates a theme (no THEME_ID) or renames one; the server answers the theme's id. */
export async function saveTheme(theme: ThemePayload) {
  return z.object({ themeId: z.number() }).parse(await api.call('crudTheme', theme));
}

/** Saves a theme; the theme lookup every screen shares, the theme's own detail and the camps reload (the contract says). */
export function useSaveTheme() {
  return useMutation({ mutationFn: saveTheme });
}
