import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgegroupRecord, LocationRecord, PaymentMethodRecord, PeriodRecord, TaxonomyType } from '@common/schemas/taxonomy.js';
import type { ThemeRecord } from '@common/schemas/themes.js';
import { comparePeriodsByStart } from '@common/sort.js';
import { api } from './api-client.js';
import { callKey, callQuery } from './queries.js';

/**
 * The lookup lists every feature shares (spec section 7: "made through helpers"), cached under their calls' keys
 * (queries.ts): a change of the season, a theme or a template makes them stale as the contract says.
 */
const lookupStaleTime = 5 * 60_000;
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

/** The one place that reads getTaxonomy into the cache: a type's list (of a year, or the one theme), typed by the type. */
export function taxonomyQuery<T extends TaxonomyType>(type: T, filter: { year?: number; themeId?: number } = {}) {
  return queryOptions({
    queryKey: callKey('getTaxonomy', { type, ...filter }),
    queryFn: () => taxonomy(type, filter),
    staleTime: lookupStaleTime,
  });
}

export function useLocations() {
  return useQuery(taxonomyQuery('location'));
}

/** Periods of one camp year (those that start in it); the lookup answers them by name, every select shows them by start date. */
export function usePeriods(year?: number) {
  return useQuery({
    ...taxonomyQuery('period', { year }),
    select: (periods) => [...periods].sort(comparePeriodsByStart),
  });
}

export function useThemes() {
  return useQuery(taxonomyQuery('theme'));
}

export function useAgegroups() {
  return useQuery(taxonomyQuery('agegroup'));
}

/** The age groups with their ages (Beheer › Leeftijdsgroepen), for the birth years a new camp is offered. */
export function useAgegroupAges() {
  return useQuery({
    ...callQuery('getAgegroups'),
    staleTime: lookupStaleTime,
  });
}

export function usePaymentMethods() {
  return useQuery(taxonomyQuery('paymentmethod'));
}

export function useLunchPreferences() {
  return useQuery({
    ...callQuery('getLunchPreferences'),
    staleTime: lookupStaleTime,
  });
}

/** The mail templates: the Mailsjablonen screen and the camp form's four template selects. */
export function useMailTemplates() {
  return useQuery({
    ...callQuery('getMailTemplates'),
    staleTime: lookupStaleTime,
  });
}
