/**
 * The waiting lists' addresses (issue 34): /wachtlijst, the year's full camps; /wachtlijst/{CAMP_ID}, one camp's list.
 * Here, not in app/paths.ts, so that /login's bundle does not carry them (its 110 KB budget).
 */
export const waitingListPath = (campId?: number, year?: number) =>
  `/wachtlijst${campId ? `/${campId}` : ''}${year ? `?subscriptionsYear=${year}` : ''}`;
