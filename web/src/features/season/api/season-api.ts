import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CopySeasonPayload } from '@common/schemas/season.js';
import type { MailPreviewPayload, TestMailPayload } from '@common/schemas/mail-templates.js';
import type { SettingsPayload, SettingsRecord } from '@common/schemas/settings.js';
import { api } from '../../../lib/api-client.js';

/** The crud calls of the admin lists. */
export type CrudCall = 'crudLocation' | 'crudPeriod' | 'crudAgegroup' | 'crudLunchPreference' | 'crudMailTemplate';
import { lookupKeys } from '../../../lib/lookups.js';

/** Query keys of the season set-up: ['season', list, params]. Saving a list also refetches the shared lookups. */
export const seasonKeys = {
  all: ['season'] as const,
  locations: ['season', 'locations'] as const,
  periods: (year: number) => ['season', 'periods', year] as const,
  settings: ['settings'] as const,
};

export function useAdminLocations() {
  return useQuery({ queryKey: seasonKeys.locations, queryFn: () => api.call('getLocations') });
}

export function useAdminPeriods(year: number) {
  return useQuery({ queryKey: seasonKeys.periods(year), queryFn: () => api.call('getPeriods', { year }) });
}

/** A crud call (crudLocation, crudPeriod, …): the object plus an optional action; every season list and lookup is refetched after it. */
export function useCrud<T extends object>(path: CrudCall) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T & { action?: 'create' | 'update' | 'delete' }) => api.call(path, body as never) as Promise<unknown>,
    onSuccess: () => invalidate(queryClient, [seasonKeys.all, lookupKeys.all, lookupKeys.lunchPreferences]),
  });
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>, keys: QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const previewMailTemplate = async (body: MailPreviewPayload) => (await api.call('previewMailTemplate', body))[0]!;
export const sendTestMail = (body: TestMailPayload) => api.call('sendTestMail', body);

export function useSettingsForm() {
  // The settings page is a beheerder's, who gets every field (the settings' policy).
  return useQuery({ queryKey: seasonKeys.settings, queryFn: async () => (await api.call('getSettings'))[0] as SettingsRecord });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsPayload) => api.call('updateSettings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonKeys.settings }),
  });
}

export function useCopySeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopySeasonPayload) => api.call('copySeason', body),
    onSuccess: (result) => (result.dryRun ? undefined : queryClient.invalidateQueries()),
  });
}
