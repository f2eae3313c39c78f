import { formatDayMonth } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { birthYearsText } from '@common/registration.js';
import type { CampRecord } from '@common/schemas/camps.js';

/** The seats of a camp in a choice: 'Gesloten' for a closed camp, else '12 vrij' or 'volzet'. */
export const campSeatsText = (camp: CampRecord) => (camp.SEATS_OPEN > 0 ? `${camp.SEATS_OPEN} vrij` : 'volzet');

/** '{age group}, geboortejaren 2015–2018': who the camp is for. */
export const campAgeText = (camp: CampRecord) => `${camp.AGEGROUP_NAME}, ${birthYearsText(camp)}`;

/**
 * A camp as every camp choice shows it (registration, Verplaatsen; issue 39): 'Gesloten' first when closed,
 * theme, location, period with its dates, age group and birth years, seats and price.
 */
export function campChoiceLabel(camp: CampRecord): string {
  return [
    ...(camp.CAMP_CLOSED ? ['Gesloten'] : []),
    `${camp.THEME_NAME} - ${camp.LOCATION_NAME} | ${camp.PERIOD_NAME} (${formatDayMonth(camp.PERIOD_STARTDATE)} - ${formatDayMonth(camp.PERIOD_ENDDATE)})`,
    campAgeText(camp),
    campSeatsText(camp),
    formatEuro(camp.PRICE),
  ].join(' — ');
}

/** Bookable camps first, then full ones, then closed ones; otherwise in the order the server answered. */
export function sortCampChoices(camps: readonly CampRecord[]): CampRecord[] {
  const rank = (camp: CampRecord) => (camp.CAMP_CLOSED ? 2 : camp.SEATS_OPEN > 0 ? 0 : 1);
  return [...camps].sort((a, b) => rank(a) - rank(b));
}
