import { formatDayMonth } from './format.js';
import { euroToCents, type Cents } from './money.js';
import type { OverviewFilterQuery } from './schemas/overview-filter.js';
import type { SubscriptionListRow, SubscriptionSelection } from './schemas/subscriptions.js';
import { matchesSearch, parseSearchQuery, searchIndexEntry, type SearchIndexEntry, type SearchQuery } from './search.js';
import { compareByLastThenFirstName } from './sort.js';

/**
 * A subscription of the loaded year with its search haystack, made on first need (`searchEntryOf`): the year
 * shows before the 10,000 haystacks are made, which the web app makes while the browser is idle.
 */
export interface OverviewRow {
  subscription: SubscriptionListRow;
  search?: SearchIndexEntry;
}

/** The overview's order: the child's last name, then first name (Dutch collation ignoring punctuation). */
export const compareByChildName = compareByLastThenFirstName<SubscriptionListRow>(
  (s) => s.SUBSCRIBER_LASTNAME,
  (s) => s.SUBSCRIBER_FIRSTNAME,
);

/**
 * The fields the overview searches, compacted by the one search rule; the server's searchSubscriptions uses the
 * same, with the national numbers as `moreFields` when a part of one may match.
 */
export function subscriptionSearchEntry(
  s: Pick<SubscriptionListRow, 'SUBSCRIBER_FIRSTNAME' | 'SUBSCRIBER_LASTNAME' | 'SUBSCRIPTION_REFERENCE' | 'SUBSCRIPTION_OGM'>,
  moreFields: readonly string[] = [],
): SearchIndexEntry {
  return searchIndexEntry([s.SUBSCRIBER_FIRSTNAME, s.SUBSCRIBER_LASTNAME, s.SUBSCRIPTION_REFERENCE, s.SUBSCRIPTION_OGM, ...moreFields]);
}

/**
 * A phone number as dialled within Belgium, digits only (issue 39): '+32 472 12 34 56', '0032 472 12 34 56' and
 * '0472/12.34.56' are all '0472123456'. Numbers of other countries keep their digits as they are.
 */
export function nationalPhoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.startsWith('0032')) return `0${digits.slice(4)}`;
  if (digits.startsWith('32') && (digits.length === 10 || digits.length === 11)) return `0${digits.slice(2)}`;
  return digits;
}

/** What the server's search knows of a subscription's family beyond the list row (issue 39). */
export interface FamilySearchFields {
  SUBSCRIBER_PARENT_FIRSTNAME: string;
  SUBSCRIBER_PARENT_LASTNAME: string;
  SUBSCRIBER_PARENT_EMAIL: string;
  SUBSCRIBER_PARENT_PHONE: string;
  SUBSCRIBER_PARENT_PHONE2: string;
}

/** A query word and, for a phone number written internationally, its Belgian form: what a family's fields may hold. */
const wordForms = (word: string) => (/^\d+$/.test(word) ? [word, nationalPhoneDigits(word)] : [word]);

/** The query's digits together as one phone number in its Belgian form, when the query is digits only and long enough. */
function dialledNumber(query: SearchQuery): string | null {
  if (!query.words.every((word) => /^\d+$/.test(word))) return null;
  const dialled = nationalPhoneDigits(query.words.join(''));
  return dialled.length >= MIN_PHONE_DIGITS ? dialled : null;
}

const phonesOf = (parent: FamilySearchFields) =>
  [parent.SUBSCRIBER_PARENT_PHONE, parent.SUBSCRIBER_PARENT_PHONE2].map(nationalPhoneDigits).filter(Boolean);
const parentEntry = (parent: FamilySearchFields) =>
  searchIndexEntry([
    parent.SUBSCRIBER_PARENT_FIRSTNAME,
    parent.SUBSCRIBER_PARENT_LASTNAME,
    parent.SUBSCRIBER_PARENT_EMAIL,
    ...phonesOf(parent),
  ]);

/**
 * Whether a parent can be why the server's search finds a subscription: some word of the query is in their name,
 * e-mail or phone numbers, or the query's digits are (part of) one of their numbers. A subscription whose every word
 * is in the child's own fields the overview finds by itself.
 */
export function parentMatchesSomeWord(parent: FamilySearchFields, query: SearchQuery): boolean {
  const entry = parentEntry(parent);
  const dialled = dialledNumber(query);
  return (
    query.words.some((word) => wordForms(word).some((form) => entry.text.includes(form))) ||
    (dialled !== null && phonesOf(parent).some((phone) => phone.includes(dialled)))
  );
}

/**
 * The overview's search on the server (searchSubscriptions, issue 39): the list row's fields and the parent's name,
 * e-mail address and phone numbers (in their Belgian form, `nationalPhoneDigits`). A row matches when every word of
 * the query occurs in one of them (a word that is a phone number in international form also in its Belgian form), or
 * when the query's digits together are (part of) one of the phone numbers, however they were written:
 * '0472 12 34 56', '+32472123456' and '+32 472 12 34 56' find 0472 12 34 56.
 */
export function matchesFamilySearch(row: Parameters<typeof subscriptionSearchEntry>[0] & FamilySearchFields, query: SearchQuery): boolean {
  const phones = phonesOf(row);
  const entry = subscriptionSearchEntry(row, [
    row.SUBSCRIBER_PARENT_FIRSTNAME,
    row.SUBSCRIBER_PARENT_LASTNAME,
    row.SUBSCRIBER_PARENT_EMAIL,
    ...phones,
  ]);
  if (query.words.every((word) => wordForms(word).some((form) => entry.text.includes(form)))) return true;
  const dialled = dialledNumber(query);
  return dialled !== null && phones.some((phone) => phone.includes(dialled));
}

/** A phone number is searched from this many digits on (a shorter run of digits is a reference, an OGM, a number). */
export const MIN_PHONE_DIGITS = 6;

/**
 * Sorted by the child's last name, then first name (`compareByChildName`). Each row's search haystack (names,
 * reference and OGM, punctuation and spaces ignored by the one search rule of common/, decisions.md section 7)
 * is made once, on first need, so that a filter or a keystroke is one cheap pass over the year. National numbers
 * are not in the list answer (issue 20): the server finds those (`searchSubscriptions`). A list already in this
 * order (getSubscriptionColumns sends it so) sorts in one pass.
 */
export function prepareRows(subscriptions: readonly SubscriptionListRow[]): OverviewRow[] {
  return [...subscriptions].sort(compareByChildName).map((subscription) => ({ subscription }));
}

/** A row's search haystack, made the first time it is needed and kept on the row. */
export function searchEntryOf(row: OverviewRow): SearchIndexEntry {
  return (row.search ??= subscriptionSearchEntry(row.subscription));
}

/**
 * The words of a query that can be a whole national number: 11 digits once punctuation is dropped. For a
 * medewerker a national number is matched only whole, so the search cannot be used to find one digit by digit
 * (docs/decisions.md, 'National register numbers').
 */
export function nationalNumberWords(query: SearchQuery): string[] {
  return query.words.filter((word) => /^\d{11}$/.test(word));
}

/**
 * The words of a query that can be part of a national number: digits only. A beheerder, who may see every
 * number, finds parts as the spec's search does; the overview asks the server whenever a query has such a word.
 */
export function nationalNumberPartWords(query: SearchQuery): string[] {
  return query.words.filter((word) => /^\d+$/.test(word));
}

/**
 * The dropdowns and the checkbox, and the selection a link into the list names (booking days, discount reason:
 * shown as removable filters); an empty value means 'all'. Values are the select's text.
 */
export interface OverviewFilter {
  locationId: string;
  themeId: string;
  periodId: string;
  paymentStatus: string;
  paymentMethodId: string;
  /** Where the booking came from (issue 40): a `SubscriptionSource`. */
  source: string;
  cancelledOnly: boolean;
  bookedFrom: string;
  bookedTo: string;
  discountReason: string;
}

export const noOverviewFilter: OverviewFilter = {
  locationId: '',
  themeId: '',
  periodId: '',
  paymentStatus: '',
  paymentMethodId: '',
  source: '',
  cancelledOnly: false,
  bookedFrom: '',
  bookedTo: '',
  discountReason: '',
};

/** Whether a filter is the one the overview opens with (nothing chosen): the rows getSubscriptionFirstRows picks. */
export const isOpeningFilter = (filter: OverviewFilter) =>
  (Object.keys(noOverviewFilter) as (keyof OverviewFilter)[]).every((key) => filter[key] === noOverviewFilter[key]);

/** The filters the list rows cannot answer themselves: the server selects them (getSubscriptionSelection). */
export const SELECTION_FILTERS = ['bookedFrom', 'bookedTo', 'discountReason'] as const;

/** The selection a filter names, or null when it names none (then every row of the year is in it). */
export function selectionOf(filter: OverviewFilter): SubscriptionSelection | null {
  const selection: SubscriptionSelection = {};
  for (const key of SELECTION_FILTERS) if (filter[key] !== '') selection[key] = filter[key];
  return Object.keys(selection).length > 0 ? selection : null;
}

/**
 * The query parameters of what the overview applies: the search as it took effect (its normalised words,
 * which parse back to the same query), empty filters left out.
 */
export function overviewFilterParams(filter: OverviewFilter, search: SearchQuery | null): Record<string, string> {
  const params: Record<string, string> = {};
  if (search) params.search = search.words.join(' ');
  for (const key of ['locationId', 'themeId', 'periodId', 'paymentStatus', 'paymentMethodId', 'source', ...SELECTION_FILTERS] as const) {
    if (filter[key] !== '') params[key] = filter[key];
  }
  if (filter.cancelledOnly) params.cancelledOnly = 'true';
  return params;
}

/** The filter and search query an overview filter query names, as the overview holds them. */
export function overviewFilterFromQuery(query: OverviewFilterQuery): { filter: OverviewFilter; search: SearchQuery | null } {
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  return {
    filter: {
      locationId: text(query.locationId),
      themeId: text(query.themeId),
      periodId: text(query.periodId),
      paymentStatus: text(query.paymentStatus),
      paymentMethodId: text(query.paymentMethodId),
      source: text(query.source),
      cancelledOnly: query.cancelledOnly === 'true',
      bookedFrom: text(query.bookedFrom),
      bookedTo: text(query.bookedTo),
      discountReason: text(query.discountReason),
    },
    search: parseSearchQuery(query.search ?? ''),
  };
}

/** What the overview's camp filters look at: a subscription's or a waiting child's camp. */
type CampOfRow = Pick<SubscriptionListRow, 'LOCATION_ID' | 'THEME_ID' | 'PERIOD_ID'>;

/**
 * The location, theme and period the filter names, as one test of a row's camp: the same for subscriptions
 * (`filterRows`) and for the waiting children of 'Toon enkel de wachtlijst' (`filterWaitingRows`, waiting-rows.ts).
 */
export function campFilterOf(filter: OverviewFilter): (row: CampOfRow) => boolean {
  const locationId = filter.locationId === '' ? null : Number(filter.locationId);
  const themeId = filter.themeId === '' ? null : Number(filter.themeId);
  const periodId = filter.periodId === '' ? null : Number(filter.periodId);
  return (row) =>
    (locationId === null || row.LOCATION_ID === locationId) &&
    (themeId === null || row.THEME_ID === themeId) &&
    (periodId === null || row.PERIOD_ID === periodId);
}

/**
 * Cancelled subscriptions show only, and then alone, when the checkbox asks for them (spec section 2). A row
 * matches the search when its own fields do, or when it is one of `foundOnServer` (the ids
 * searchSubscriptions answered for the same query). When the filter names a selection (`selectionOf`), only the
 * rows of `selected` (the ids getSubscriptionSelection answered for it) are kept.
 */
export function filterRows(
  rows: readonly OverviewRow[],
  filter: OverviewFilter,
  query: SearchQuery | null,
  foundOnServer: ReadonlySet<number> = new Set(),
  selected: ReadonlySet<number> | null = null,
): OverviewRow[] {
  const inCamps = campFilterOf(filter);
  const paymentMethodId = filter.paymentMethodId === '' ? null : Number(filter.paymentMethodId);
  const paymentStatus = filter.paymentStatus === '' ? null : filter.paymentStatus;
  const source = filter.source === '' ? null : filter.source;
  return rows.filter((row) => {
    const s = row.subscription;
    if (s.SUBSCRIPTION_CANCELLED !== filter.cancelledOnly) return false;
    if (!inCamps(s)) return false;
    if (paymentMethodId !== null && s.PAYMENTMETHOD_ID !== paymentMethodId) return false;
    if (paymentStatus !== null && s.PAYMENT_STATUS !== paymentStatus) return false;
    if (source !== null && s.SUBSCRIPTION_SOURCE !== source) return false;
    if (selected !== null && !selected.has(s.SUBSCRIPTION_ID)) return false;
    return query === null || matchesSearch(searchEntryOf(row), query) || foundOnServer.has(s.SUBSCRIPTION_ID);
  });
}

/** 'Voetbal - Gent | Week 1 (07/07 - 11/07)': theme, short location, short period with its days (of a subscription or a waiting child). */
export function campLabel(
  s: Pick<SubscriptionListRow, 'THEME_NAME' | 'LOCATION_NAME_SHORT' | 'PERIOD_NAME_SHORT' | 'PERIOD_STARTDATE' | 'PERIOD_ENDDATE'>,
): string {
  return `${s.THEME_NAME} - ${s.LOCATION_NAME_SHORT} | ${s.PERIOD_NAME_SHORT} (${formatDayMonth(s.PERIOD_STARTDATE)} - ${formatDayMonth(s.PERIOD_ENDDATE)})`;
}

/** An amount split by payment method, in cents; `totalCents` is the sum over every method. */
export interface MoneySplit {
  byMethodCents: ReadonlyMap<number, Cents>;
  totalCents: Cents;
}

export interface OverviewTotals {
  /** What came in: the paid amounts. */
  paid: MoneySplit;
  /** What is still to come in: the saldo of those that owe something. */
  unpaid: MoneySplit;
  /** What the subscriptions bring in once settled: the amounts to pay. */
  revenue: MoneySplit;
}

function splitByMethod(subscriptions: readonly SubscriptionListRow[], amount: (s: SubscriptionListRow) => Cents): MoneySplit {
  const byMethodCents = new Map<number, Cents>();
  let totalCents = 0;
  for (const s of subscriptions) {
    const cents = amount(s);
    byMethodCents.set(s.PAYMENTMETHOD_ID, (byMethodCents.get(s.PAYMENTMETHOD_ID) ?? 0) + cents);
    totalCents += cents;
  }
  return { byMethodCents, totalCents };
}

/** Totals in cents, so that 10,000 euro amounts add up without rounding drift. */
export function overviewTotals(subscriptions: readonly SubscriptionListRow[]): OverviewTotals {
  return {
    paid: splitByMethod(subscriptions, (s) => euroToCents(s.SUBSCRIPTION_PAID_AMOUNT)),
    unpaid: splitByMethod(subscriptions, (s) => Math.max(euroToCents(s.SUBSCRIPTION_SALDO), 0)),
    revenue: splitByMethod(subscriptions, (s) => euroToCents(s.SUBSCRIPTION_AMOUNT_TO_PAY)),
  };
}
