import { useQuery } from '@tanstack/react-query';
import type { SettingsRecord } from '@common/schemas/settings.js';
import { api } from '../../../lib/api-client.js';
import { settingsKeys } from './keys.js';

/** The server's settings the web needs: the public booking site that voucher links point to. */
export async function getSettings(): Promise<Pick<SettingsRecord, 'ORGANISER_NAME' | 'PUBLIC_SITE_URL'>> {
  const [settings] = await api.call('getSettings');
  if (!settings) throw new Error('getSettings answered no settings');
  return settings;
}

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: getSettings, staleTime: Infinity });
}
