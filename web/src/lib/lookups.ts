import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { agegroupRecord, locationRecord, paymentMethodRecord, periodRecord, type TaxonomyType } from '@common/schemas/taxonomy.js';
import { themeRecord } from '@common/schemas/themes.js';
import { comparePeriodsByStart } from '@common/sort.js';
import { api } from './api-client.js';

/**
 * The lookup lists every feature shares (spec section 7: "made through helpers"). Query keys:
 * ['taxonomy', type, year?] and ['lunchPreferences'].
 */
const lookupStaleTime = 5 * 60_000;

export const lookupKeys = {
  all: ['taxonomy'] as const,
  list: (type: string, year?: number) => ['taxonomy', type, year ?? null] as const,
  lunchPreferences: ['lunchPreferences'] as const,
};

/** getTaxonomy answers the list of the type asked for; checked here against that type's record. */
export async function taxonomy<S extends z.ZodType>(
  type: TaxonomyType,
  record: S,
  filter: { year?: number; themeId?: number } = {},
): Promise<z.output<S>[]> {
  return z.array(record).parse(await api.call('getTaxonomy', { type, ...filter }));
}

export function useLocations() {
  return useQuery({
    queryKey: lookupKeys.list('location'),
    queryFn: () => taxonomy('location', locationRecord),
    staleTime: lookupStaleTime,
  });
}

/** Periods of one camp year (those that start in it); the lookup answers them by name, every select shows them by start date. */
export function usePeriods(year?: number) {
  return useQuery({
    queryKey: lookupKeys.list('period', year),
    queryFn: () => taxonomy('period', periodRecord, { year }),
    select: (periods) => [...periods].sort(comparePeriodsByStart),
    staleTime: lookupStaleTime,
  });
}

export function useThemes() {
  return useQuery({
    queryKey: lookupKeys.list('theme'),
    queryFn: () => taxonomy('theme', themeRecord),
    staleTime: lookupStaleTime,
  });
}

export function useAgegroups() {
  return useQuery({
    queryKey: lookupKeys.list('agegroup'),
    queryFn: () => taxonomy('agegroup', agegroupRecord),
    staleTime: lookupStaleTime,
  });
}

/** The age groups with their ages (Beheer › Leeftijdsgroepen), for the birth years a new camp is offered. */
export function useAgegroupAges() {
  return useQuery({
    queryKey: lookupKeys.list('agegroup-ages'),
    queryFn: () => api.call('getAgegroups'),
    staleTime: lookupStaleTime,
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: lookupKeys.list('paymentmethod'),
    queryFn: () => taxonomy('paymentmethod', paymentMethodRecord),
    staleTime: lookupStaleTime,
  });
}

export function useLunchPreferences() {
  return useQuery({
    queryKey: lookupKeys.lunchPreferences,
    queryFn: () => api.call('getLunchPreferences'),
    staleTime: lookupStaleTime,
  });
}

/** The mail templates: the Mailsjablonen screen and the camp form's four template selects. */
export function useMailTemplates() {
  return useQuery({
    queryKey: lookupKeys.list('mailtemplate'),
    queryFn: () => api.call('getMailTemplates'),
    staleTime: lookupStaleTime,
  });
}
