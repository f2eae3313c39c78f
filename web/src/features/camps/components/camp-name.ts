import { formatDayMonth } from '@common/format.js';
import type { CampRecord } from '@common/schemas/camps.js';

/** 'Voetbal - Sporthal De Brug, Gent': how staff name a camp. */
export function campName(camp: Pick<CampRecord, 'THEME_NAME' | 'LOCATION_NAME'>): string {
  return `${camp.THEME_NAME} - ${camp.LOCATION_NAME}`;
}

/** 'Week 1 (07/07 - 11/07)': a period with its dates as day/month, as tables show periods. */
export function periodWithDates(camp: Pick<CampRecord, 'PERIOD_NAME' | 'PERIOD_STARTDATE' | 'PERIOD_ENDDATE'>): string {
  return `${camp.PERIOD_NAME} (${formatDayMonth(camp.PERIOD_STARTDATE)} - ${formatDayMonth(camp.PERIOD_ENDDATE)})`;
}
