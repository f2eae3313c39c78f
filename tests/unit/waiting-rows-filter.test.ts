import { describe, expect, it } from 'vitest';
import type { YearWaitingEntryRecord } from '@common/schemas/waiting-list.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { parseSearchQuery } from '@common/search.js';
import { filterRows, noOverviewFilter, prepareRows, type OverviewFilter } from '@common/subscription-overview.js';
import { filterWaitingRows } from '@common/waiting-rows.js';

/** A waiting child of camp (location 1|2, theme 10|20, period 100|200), in line or offered a seat. */
function waiting(id: number, facts: Partial<YearWaitingEntryRecord>): YearWaitingEntryRecord {
  return {
    WAITING_ID: id,
    GROUP_ID: id,
    STATE: 'waiting',
    PLACE: 1,
    OFFER_EXPIRES_AT: null,
    CHILD_ID: id,
    SUBSCRIBER_FIRSTNAME: 'Kind',
    SUBSCRIBER_LASTNAME: `Nummer ${id}`,
    SUBSCRIBER_PARENT_FIRSTNAME: 'Ouder',
    SUBSCRIBER_PARENT_LASTNAME: `Nummer ${id}`,
    CAMP_ID: 1,
    THEME_ID: 10,
    THEME_NAME: 'Voetbal',
    LOCATION_ID: 1,
    LOCATION_NAME_SHORT: 'Gent',
    PERIOD_ID: 100,
    PERIOD_NAME_SHORT: 'Week 1',
    PERIOD_STARTDATE: '2026-07-06',
    PERIOD_ENDDATE: '2026-07-10',
    ...facts,
  };
}

const entries = [
  waiting(1, { SUBSCRIBER_FIRSTNAME: 'Céline', SUBSCRIBER_LASTNAME: "D'Hondt", SUBSCRIBER_PARENT_FIRSTNAME: 'Marc', PLACE: 1 }),
  waiting(2, { SUBSCRIBER_FIRSTNAME: 'Emma', SUBSCRIBER_LASTNAME: 'Peeters', SUBSCRIBER_PARENT_LASTNAME: 'Janssens', PLACE: 2 }),
  waiting(3, { STATE: 'offered', PLACE: null, OFFER_EXPIRES_AT: '2026-07-01T08:00:00Z', LOCATION_ID: 2, THEME_ID: 20 }),
  waiting(4, { CAMP_ID: 2, PERIOD_ID: 200, THEME_ID: 20 }),
];
const ids = (rows: readonly YearWaitingEntryRecord[]) => rows.map((r) => r.WAITING_ID);
const only = (filter: Partial<OverviewFilter>, search = '') =>
  ids(filterWaitingRows(entries, { ...noOverviewFilter, ...filter }, parseSearchQuery(search)));

describe("the waiting rows of the overview's 'Toon enkel de wachtlijst' (issue 34)", () => {
  it('keeps every row in the answer’s order with nothing chosen', () => {
    expect(only({})).toEqual([1, 2, 3, 4]);
  });

  it('filters on location, theme and period as the subscriptions are filtered', () => {
    expect(only({ locationId: '2' })).toEqual([3]);
    expect(only({ themeId: '20' })).toEqual([3, 4]);
    expect(only({ periodId: '200' })).toEqual([4]);
    expect(only({ themeId: '20', periodId: '100' })).toEqual([3]);
    // The same camp filter as for subscriptions: a subscription of location 2, theme 20, period 100 passes the same choice.
    const subscription = {
      SUBSCRIPTION_ID: 9,
      SUBSCRIPTION_CANCELLED: false,
      LOCATION_ID: 2,
      THEME_ID: 20,
      PERIOD_ID: 100,
    } as SubscriptionListRow;
    const choice = { ...noOverviewFilter, themeId: '20', periodId: '100' };
    expect(filterRows(prepareRows([subscription]), choice, null)).toHaveLength(1);
    expect(filterRows(prepareRows([subscription]), { ...choice, locationId: '1' }, null)).toHaveLength(0);
  });

  it("searches the child's and the parent's names by the one search rule (accents, case, punctuation ignored)", () => {
    expect(only({}, 'celine dhondt')).toEqual([1]);
    expect(only({}, 'marc')).toEqual([1]);
    expect(only({}, 'janssens emma')).toEqual([2]);
    expect(only({}, 'nummer 4')).toEqual([4]);
    expect(only({}, 'onbekend')).toEqual([]);
  });

  it('leaves payment status, method, origin, the cancelled box and a selection aside: a waiting child is no subscription', () => {
    expect(
      only({
        paymentStatus: 'PAID',
        paymentMethodId: '1',
        source: 'website',
        cancelledOnly: true,
        discountReason: 'Broer',
        bookedFrom: '2026-01-01',
      }),
    ).toEqual([1, 2, 3, 4]);
  });
});
