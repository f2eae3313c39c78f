import { describe, expect, it } from 'vitest';
import { contract, type CallName } from '@common/contract/index.js';
import { dataTags, makesStale } from '@common/data-tags.js';

const calls = Object.entries(contract) as [CallName, (typeof contract)[CallName]][];
const reads = calls.filter(([, c]) => c.method === 'GET' && !c.files);
const changes = calls.filter(([, c]) => c.method !== 'GET' && !c.files);

/** The cached reads a change makes stale, as the web's query cache invalidates them (web/src/lib/queries.ts). */
const staleAfter = (change: CallName) => reads.filter(([, read]) => makesStale(contract[change], read)).map(([name]) => name);

describe('the contract drives the query cache (issue 38 point 2)', () => {
  it('every read declares what its answer shows and every change what it makes stale', () => {
    for (const [name, c] of reads) expect(Array.isArray(c.provides), name).toBe(true);
    for (const [name, c] of changes) expect(Array.isArray(c.invalidates), name).toBe(true);
    // Only a GET that makes something new each time shows nothing a cache could keep.
    expect(reads.filter(([, c]) => c.provides!.length === 0).map(([name]) => name)).toEqual(['health', 'generateVoucher']);
  });

  it('every kind of data is shown by some read and changed by some call, so no declaration is a dead letter', () => {
    const shown = new Set(reads.flatMap(([, c]) => c.provides ?? []));
    const changed = new Set(calls.flatMap(([, c]) => c.invalidates ?? []));
    for (const tag of dataTags) expect(shown.has(tag), `${tag} shown`).toBe(true);
    // Every change makes the audit log stale without naming it.
    for (const tag of dataTags.filter((tag) => tag !== 'audit')) expect(changed.has(tag), `${tag} changed`).toBe(true);
  });

  it('a deleted subscription makes the seats, the trash, the lists and the audit log stale, and not the users', () => {
    const stale = staleAfter('deleteSubscription');
    for (const read of [
      'getCamps',
      'getDeletedSubscriptions',
      'getSubscriptionColumns',
      'getCampSummary',
      'getDashboard',
      'getAuditLog',
    ] as const)
      expect(stale, read).toContain(read);
    expect(stale).not.toContain('getUsers');
  });

  it('a registration makes the seats and the mail log stale; a saved theme the lookups and the camps', () => {
    expect(staleAfter('createSubscription')).toEqual(expect.arrayContaining(['getCamps', 'getMails', 'getSubscriptionFullDetail']));
    expect(staleAfter('crudTheme')).toEqual(expect.arrayContaining(['getTaxonomy', 'getCamps']));
    expect(staleAfter('assignPayment')).toEqual(expect.arrayContaining(['getUnmatchedPayments', 'getPayments', 'getSubscriptionColumns']));
  });
});
