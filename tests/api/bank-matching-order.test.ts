import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOgm } from '@common/ogm.js';
import { queryRows } from '../../server/src/db/client.js';
import { subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { camtFile, type CamtTransactionSpec } from '../helpers/camt-writer.js';
import { backends } from '../helpers/database.js';
import { createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { uploadStatements } from '../helpers/upload.js';
import { eq } from 'drizzle-orm';

/**
 * The order of the matching rules (README 'Bank statements'): the structured OGM first, then OGMs in the free
 * communication in the order written, then references; the first rule that names a subscription decides, even when
 * that subscription is cancelled (the credit then waits in the queue), and a rule that names nobody gives way to the
 * next. Each credit names several subscriptions (CAMT carries a structured reference and free text side by side), so
 * any other order books some credit elsewhere.
 */
describe.each(backends)('the order of the bank matching rules on %s', (backend) => {
  let t: TestApp;
  let a: CreatedSubscription, b: CreatedSubscription, c: CreatedSubscription, d: CreatedSubscription;
  let cancelled: CreatedSubscription;
  const year = new Date().getFullYear();
  const referenceOf = (s: CreatedSubscription) => `KB${year}-9${String(s.subscriptionId).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    a = await createSubscription(t.db);
    b = await createSubscription(t.db);
    c = await createSubscription(t.db);
    d = await createSubscription(t.db);
    cancelled = await createSubscription(t.db, { cancelled: true });
    // References as the booking site writes them (the factory's are not), which rule 3 looks for.
    for (const s of [a, b, c, d, cancelled])
      await t.db
        .update(subscriptions)
        .set({ reference: referenceOf(s) })
        .where(eq(subscriptions.id, s.subscriptionId));
  });
  afterAll(async () => t?.close());

  it('structured OGM, then free OGMs as written, then references; the first that names a subscription decides', async () => {
    const nobody = formatOgm(9_912_345_678);
    const credit = (amountCents: number, name: string, facts: Omit<CamtTransactionSpec, 'amountCents' | 'name'>) => ({
      credit: true,
      transactions: [{ amountCents, name, ...facts }],
    });
    const answer = await uploadStatements(t, [
      {
        name: 'volgorde.xml',
        bytes: camtFile({
          entries: [
            credit(1001, 'Gestructureerd', { reference: a.ogm, unstructured: `${b.ogm} ${referenceOf(c)}` }),
            credit(1002, 'OGM voor referentie', { unstructured: `${referenceOf(c)} en ${b.ogm}` }),
            credit(1003, 'Eerste OGM', { unstructured: `eerst ${d.ogm} dan ${b.ogm}` }),
            credit(1004, 'Onbekende gestructureerde', { reference: nobody, unstructured: `voor ${b.ogm}` }),
            credit(1005, 'Geannuleerd eerst', { reference: cancelled.ogm, unstructured: a.ogm }),
            credit(1006, 'Onbekende OGM, dan referentie', { unstructured: `${nobody} ${referenceOf(c).toLowerCase()} zomer` }),
          ],
        }),
      },
    ]);
    expect(answer.status).toBe(200);
    const booked = await queryRows<{ payer: string; subscription: number | null; reason: string | null }>(
      t.db,
      sql`select payer_name as payer, subscription_id as subscription, queue_reason as reason from payments order by amount_cents`,
    );
    expect(booked).toEqual([
      { payer: 'Gestructureerd', subscription: a.subscriptionId, reason: null },
      { payer: 'OGM voor referentie', subscription: b.subscriptionId, reason: null },
      { payer: 'Eerste OGM', subscription: d.subscriptionId, reason: null },
      { payer: 'Onbekende gestructureerde', subscription: b.subscriptionId, reason: null },
      { payer: 'Geannuleerd eerst', subscription: null, reason: 'cancelled' },
      { payer: 'Onbekende OGM, dan referentie', subscription: c.subscriptionId, reason: null },
    ]);
  });
});
