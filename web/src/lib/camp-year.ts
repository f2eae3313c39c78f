import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { CAMP_YEAR_STORAGE_KEY, selectedCampYear } from './selected-camp-year.js';

/** The selected camp year, written back to local storage on every change. */
export function useCampYear(): number {
  const { search } = useLocation();
  const year = useMemo(() => selectedCampYear(search), [search]);
  useEffect(() => {
    localStorage.setItem(CAMP_YEAR_STORAGE_KEY, String(year));
  }, [year]);
  return year;
}
