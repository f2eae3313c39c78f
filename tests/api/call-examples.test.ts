import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Call, type CallName } from '@common/contract/index.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';
import { backends } from '../helpers/database.js';

/**
 * Every example of the call table is a valid request: the OpenAPI document shows it and the bad-input
 * suite mutates it, so an example its own call refuses hides every mutation behind the same refusal.
 * Each call answers its example with 2xx on a fresh demo database.
 */

/** Calls whose example names a record that only exists after a bank import, or that take a multipart upload. */
const needsBankImport = new Set(['importBankStatements', 'undoBankImport', 'assignPayment', 'ignorePayment', 'requeuePayment']);
/** Calls whose example names a subscription with money to pay back, which the demo's subscription 1 has not (tested in money-follow-up.test.ts). */
const needsRefund = new Set(['exportRefunds', 'markRefundPaid']);
/** Calls whose example names a mail the relay gave up on (tests/api/mail-relay.test.ts makes one). */
const needsFailedMail = new Set(['retryMail']);
/** Calls whose example needs a secret only a test knows: an invite's link, the user's own password (tests/api/users.test.ts). */
const needsSecret = new Set(['acceptInvite', 'changePassword', 'signIn', 'signInWithLink']);
/**
 * Calls whose example depends on what the demo drew or holds: a registration's days follow whether the
 * demo's camp 1 is flexible, and a restore needs a subscription in the trash (both in registration.test.ts).
 */
const needsRegistrationSetup = new Set(['createSubscription', 'restoreSubscription']);
/** Erasing a family needs one that is settled and past the fiscal retention, which the demo has not (privacy.test.ts). */
const needsErasableFamily = new Set(['eraseFamily']);
/** Fiscal attests need an organiser recognised by an authority and paid, attended days, which the demo has not (attests.test.ts). */
const needsAttestSetup = new Set(['mailAttests']);
/** The waiting list's calls name a waiting child or a mailed offer, which the demo has none of (tests/api/waiting-list.test.ts). */
const needsWaitingList = new Set(['addToWaitingList', 'moveWaitingEntry', 'offerSeat', 'removeWaitingEntry', 'declineOffer']);
/** A monitor's own availability is a monitor user's call, for the monitor they are linked to (tests/api/planning.test.ts). */
const needsMonitorUser = new Set(['saveMyAvailability']);
/**
 * Run last: correctSubscriber gives child 1 a birth date outside its camps' birth years (its example overrides them),
 * which moveSubscription's example would then be refused for; the removing calls, so that the calls before them still
 * find subscription 1 and monitor 1.
 */
const runLast = ['correctSubscriber', 'cancelSubscription', 'deleteSubscription', 'deleteMonitor', 'logout'];

describe.each(backends)('the examples of the call table on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 3 });
  });
  afterAll(async () => t?.close());

  it('answers every example of a call that changes data with 2xx', async () => {
    const changes = Object.entries(contract)
      .filter(
        ([name, c]) =>
          c.method !== 'GET' &&
          // A family's calls need a family's session: tests/api/public-site.test.ts answers their examples.
          !c.family &&
          !needsBankImport.has(name) &&
          !needsFailedMail.has(name) &&
          !needsSecret.has(name) &&
          !needsRefund.has(name) &&
          !needsRegistrationSetup.has(name) &&
          !needsErasableFamily.has(name) &&
          !needsAttestSetup.has(name) &&
          !needsWaitingList.has(name) &&
          !needsMonitorUser.has(name),
      )
      .sort(([a], [b]) => runLast.indexOf(a) - runLast.indexOf(b)) as [string, Call][];
    const refused: string[] = [];
    for (const [name, c] of changes) {
      // Every call of the table by its example as declared: its body, and its query too where it has both (deleteMonitor).
      const token = c.public ? null : undefined;
      const answer = c.body
        ? await t.unchecked[name as CallName](c.example.body, { token, query: c.example.query })
        : await t.unchecked[name as CallName](c.example.query, { token });
      if (answer.status >= 300) refused.push(`${name} ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    expect(refused).toEqual([]);
    expect(changes.length).toBeGreaterThanOrEqual(25);
    console.log(`${backend}: ${changes.length} calls answered their example with 2xx`);
  });

  it('the Logboek reads what those calls did in words staff understand: no call names, no field names, no JSON (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
