import { campYears } from '@common/constants.js';

// No React here: the app's start (web/src/boot/) reads the year before React's code has run.
export const CAMP_YEAR_STORAGE_KEY = 'kampbeheer.admin.subscriptionsYear';
export const CAMP_YEAR_PARAM = 'subscriptionsYear';

/** The selected camp year: the query parameter first, then local storage, then the current year. */
export function selectedCampYear(search: string): number {
  const years = campYears();
  const fromQuery = Number(new URLSearchParams(search).get(CAMP_YEAR_PARAM));
  if (years.includes(fromQuery)) return fromQuery;
  const fromStorage = Number(localStorage.getItem(CAMP_YEAR_STORAGE_KEY));
  return years.includes(fromStorage) ? fromStorage : new Date().getFullYear();
}

/** Choosing a year reloads the page with the year in the query (spec section 2, navigation bar). */
export function switchCampYear(year: number) {
  localStorage.setItem(CAMP_YEAR_STORAGE_KEY, String(year));
  const url = new URL(window.location.href);
  url.searchParams.set(CAMP_YEAR_PARAM, String(year));
  window.location.assign(url.toString());
}
