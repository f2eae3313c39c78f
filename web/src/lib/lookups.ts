import { useQuery } from '@tanstack/react-query';
import type { AgegroupRecord, LocationRecord, LunchPreferenceRecord, PaymentMethodRecord, PeriodRecord } from '@common/schemas/taxonomy.js';
import type { ThemeRecord } from '@common/schemas/themes.js';
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

export function useLocations() {
  return useQuery({
    queryKey: lookupKeys.list('location'),
    queryFn: () => api.get<LocationRecord[]>('getTaxonomy', { type: 'location' }),
    staleTime: lookupStaleTime,
  });
}

/** Periods of one camp year (those that start in it), sorted by name. */
export function usePeriods(year?: number) {
  return useQuery({
    queryKey: lookupKeys.list('period', year),
    queryFn: () => api.get<PeriodRecord[]>('getTaxonomy', { type: 'period', year }),
    staleTime: lookupStaleTime,
  });
}

export function useThemes() {
  return useQuery({
    queryKey: lookupKeys.list('theme'),
    queryFn: () => api.get<ThemeRecord[]>('getTaxonomy', { type: 'theme' }),
    staleTime: lookupStaleTime,
  });
}

export function useAgegroups() {
  return useQuery({
    queryKey: lookupKeys.list('agegroup'),
    queryFn: () => api.get<AgegroupRecord[]>('getTaxonomy', { type: 'agegroup' }),
    staleTime: lookupStaleTime,
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: lookupKeys.list('paymentmethod'),
    queryFn: () => api.get<PaymentMethodRecord[]>('getTaxonomy', { type: 'paymentmethod' }),
    staleTime: lookupStaleTime,
  });
}

export function useLunchPreferences() {
  return useQuery({
    queryKey: lookupKeys.lunchPreferences,
    queryFn: () => api.get<LunchPreferenceRecord[]>('getLunchPreferences'),
    staleTime: lookupStaleTime,
  });
}
