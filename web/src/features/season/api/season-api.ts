import { useMutation, useQuery } from '@tanstack/react-query';
import type { CopySeasonPayload } from '@common/schemas/season.js';
import type { MailPreviewPayload, TestMailPayload } from '@common/schemas/mail-templates.js';
import type { SettingsPayload, SettingsRecord } from '@common/schemas/settings.js';
import { api } from '../../../lib/api-client.js';
import { callQuery } from '../../../lib/queries.js';
import { settingsQuery } from '../../../lib/shared-queries.js';

/** The crud calls of the admin lists. */
export type CrudCall = 'crudLocation' | 'crudPeriod' | 'crudAgegroup' | 'crudLunchPreference' | 'crudMailTemplate';

export function useAdminLocations() {
  return useQuery(callQuery('getLocations'));
}

export function useAdminPeriods(year: number) {
  return useQuery(callQuery('getPeriods', { year }));
}

/** A crud call (crudLocation, crudPeriod, …): the object plus an optional action; the season lists and lookups it makes stale the contract says. */
export function useCrud<T extends object>(path: CrudCall) {
  return useMutation({
    mutationFn: (body: T & { action?: 'create' | 'update' | 'delete' }) => api.call(path, body as never) as Promise<unknown>,
  });
}

export const previewMailTemplate = async (body: MailPreviewPayload) => (await api.call('previewMailTemplate', body))[0]!;
export const sendTestMail = (body: TestMailPayload) => api.call('sendTestMail', body);

export function useSettingsForm() {
  // The settings page is a beheerder's, who gets every field (the settings' policy).
  // The volunteer allowance caps have a screen of their own (issue 36): the form holds the other settings.
  return useQuery({
    ...settingsQuery(),
    select: (rows) => {
      const { VOLUNTEER_DAILY_CAP: _daily, VOLUNTEER_YEARLY_CAP: _yearly, ...settings } = rows[0]!;
      return settings as SettingsRecord;
    },
  });
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: (body: SettingsPayload) => api.call('updateSettings', body) });
}

/** Copying a season (or its dry run, which changes nothing) makes stale what the contract says. */
export function useCopySeason() {
  return useMutation({ mutationFn: (body: CopySeasonPayload) => api.call('copySeason', body) });
}
