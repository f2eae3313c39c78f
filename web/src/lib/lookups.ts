import { useQuery } from '@tanstack/react-query';
import type { AgegroupRecord, LocationRecord, PaymentMethodRecord, PeriodRecord, TaxonomyType } from '@common/schemas/taxonomy.js';
import type { ThemeRecord } from '@common/schemas/themes.js';
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

interface TaxonomyRecords {
  location: LocationRecord;
  theme: ThemeRecord;
  period: PeriodRecord;
  agegroup: AgegroupRecord;
  paymentmethod: PaymentMethodRecord;
}

/**
 * getTaxonomy answers the list of the type asked for. The server checked it against the call's response
 * schema before sending it, so it is typed here by the type asked for, without parsing it again: the lookups
 * are on most screens, and parsing them would bring zod to each.
 */
export async function taxonomy<T extends TaxonomyType>(
  type: T,
  filter: { year?: number; themeId?: number } = {},
): Promise<TaxonomyRecords[T][]> {
  return (await api.call('getTaxonomy', { type, ...filter })) as TaxonomyRecords[T][];
}

export function useLocations() {
  return useQuery({
    queryKey: lookupKeys.list('location'),
    queryFn: () => taxonomy('location'),
    staleTime: lookupStaleTime,
  });
}

/** Periods of one camp year (those that start in it); the lookup answers them by name, every select shows them by start date. */
export function usePeriods(year?: number) {
  return useQuery({
    queryKey: lookupKeys.list('period', year),
    queryFn: () => taxonomy('period', { year }),
    select: (periods) => [...periods].sort(comparePeriodsByStart),
    staleTime: lookupStaleTime,
  });
}

export function useThemes() {
  return useQuery({
    queryKey: lookupKeys.list('theme'),
    queryFn: () => taxonomy('theme'),
    staleTime: lookupStaleTime,
  });
}

export function useAgegroups() {
  return useQuery({
    queryKey: lookupKeys.list('agegroup'),
    queryFn: () => taxonomy('agegroup'),
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
    queryFn: () => taxonomy('paymentmethod'),
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
