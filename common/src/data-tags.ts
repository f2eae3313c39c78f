/**
 * What the answers of the calls are made of, for the web's query cache (docs/decisions.md, 'The contract drives
 * the data layer'): a call that reads declares the kinds of data its answer shows (`provides`), a call that
 * changes declares the kinds it changes (`invalidates`); after a change every cached answer that shows one of them
 * is stale. Every change is audited, so the audit log ('audit') is stale after any change without being named.
 */
export const dataTags = [
  'user',
  'settings',
  /** Subscriptions and everything counted from them: seats, amounts, the trash, the families found. */
  'subscription',
  'camp',
  /** Locations, periods, age groups, lunch preferences, payment methods: the season's lookups. */
  'season',
  'theme',
  'monitor',
  'mailTemplate',
  /** The mails to parents and their state. */
  'mail',
  /** Bank imports, credits and the payments booked on subscriptions. */
  'payment',
  'refund',
  'mailSchedule',
  'attest',
  /** Monitor planning (issue 36): availability, qualifications, assignments, ratios, the allowance register. */
  'planning',
  'audit',
] as const;
export type DataTag = (typeof dataTags)[number];

/** What a read that answered from the cache needs to know of a change, and of itself. */
interface Declared {
  provides?: readonly DataTag[];
  invalidates?: readonly DataTag[];
}

/**
 * Whether a change makes a read's cached answer stale: the read shows a kind of data the change changes. Every
 * change is audited, so it makes the audit log stale too.
 */
export function makesStale(change: Declared, read: Declared): boolean {
  const changed = new Set<DataTag>([...(change.invalidates ?? []), 'audit']);
  return (read.provides ?? []).some((tag) => changed.has(tag));
}
