import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentStatus } from '@common/payment-status.js';
import type { SubscriptionDetail, SubscriptionDiscountRecord } from '@common/schemas/subscriptions.js';
import { openDatabase, queryRows } from '../../server/src/db/client.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { kill, signIn, startServerProcess } from '../helpers/server-process.js';

const ROUNDS = 3;
const CONCURRENT_WRITERS = 4;

describe.each(backends)('SIGKILL under a stream of writes on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged write and the money rules across crashes', async () => {
    // Prepare the data where the server process will find it: a PGlite folder, or a fresh PostgreSQL database.
    let env: Record<string, string>;
    let reopen: () => ReturnType<typeof openDatabase>;
    if (backend === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'kampbeheer-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const handle = await openDatabase({ dataDir });
      await seedDemoData(handle.db, { subscriptionsPerYear: 5 });
      await addAdmin(handle.db, TEST_ADMIN.email, TEST_ADMIN.password);
      await handle.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      reopen = () => openDatabase({ dataDir });
    } else {
      const handle = await openTestDatabase('postgres');
      await seedDemoData(handle.db, { subscriptionsPerYear: 5 });
      await addAdmin(handle.db, TEST_ADMIN.email, TEST_ADMIN.password);
      const url = handle.url!;
      cleanups.push(() => handle.close());
      env = { DATABASE_URL: url };
      reopen = () => openDatabase({ databaseUrl: url, dataDir: '' });
    }

    // Subscriptions with room for many one-euro discounts.
    const candidates = await (async () => {
      const handle = await reopen();
      const rows = await queryRows<{ id: number }>(
        handle.db,
        sql`select s.id from subscriptions s where s.camp_price_cents >= 9000 and not s.cancelled order by s.id limit 8`,
      );
      await handle.close();
      return rows.map((r) => r.id);
    })();
    expect(candidates.length).toBeGreaterThan(3);

    const acknowledged: { subscriptionId: number; remark: string }[] = [];
    let sent = 0;
    let failedInFlight = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServerProcess(env);
      const token = await signIn(server.baseUrl);
      let stop = false;
      const writer = async (writerIndex: number) => {
        while (!stop) {
          const subscriptionId = candidates[(sent + writerIndex) % candidates.length]!;
          const remark = `crash-${round}-${writerIndex}-${sent++}`;
          try {
            const answer = await fetch(`${server.baseUrl}/api/addDiscount`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ subscriptionId, discountAmount: '1', discountRemark: remark, discountId: null }),
            });
            if (answer.status === 200) acknowledged.push({ subscriptionId, remark });
            else if (answer.status >= 500) throw new Error(`server answered ${answer.status}`);
          } catch (error) {
            if (!stop) throw error;
            failedInFlight++;
          }
        }
      };
      const writers = Array.from({ length: CONCURRENT_WRITERS }, (_, i) => writer(i));
      // Let some writes be acknowledged, then kill the process in the middle of the stream.
      const before = acknowledged.length;
      while (acknowledged.length < before + 40) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await kill(server);
      await Promise.all(writers);
    }

    // Restart on the same data: every acknowledged write is there, and the money rules hold.
    const server = await startServerProcess(env);
    const token = await signIn(server.baseUrl);
    const get = async <T>(url: string): Promise<T> => {
      const answer = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: T }).data;
    };
    try {
      for (const subscriptionId of candidates) {
        const discounts = await get<SubscriptionDiscountRecord[]>(`/api/getDiscounts?id=${subscriptionId}`);
        const remarks = new Set(discounts.map((d) => d.SUBSCRIPTION_DISCOUNT_REMARK));
        for (const write of acknowledged.filter((w) => w.subscriptionId === subscriptionId)) {
          expect(remarks.has(write.remark), `acknowledged ${write.remark} survived`).toBe(true);
        }
        const [detail] = await get<SubscriptionDetail[]>(`/api/getSubscriptionFullDetail?id=${subscriptionId}`);
        const cents = (euro: number) => Math.round(euro * 100);
        const discountSum = discounts.reduce((sum, d) => sum + cents(d.SUBSCRIPTION_DISCOUNT_AMOUNT), 0);
        expect(cents(detail!.SUBSCRIPTION_CAMP_DISCOUNT)).toBe(discountSum);
        expect(cents(detail!.SUBSCRIPTION_AMOUNT_TO_PAY)).toBe(cents(detail!.SUBSCRIPTION_CAMP_PRICE) - discountSum);
        expect(cents(detail!.SUBSCRIPTION_SALDO)).toBe(cents(detail!.SUBSCRIPTION_AMOUNT_TO_PAY) - cents(detail!.SUBSCRIPTION_PAID_AMOUNT));
        expect(detail!.PAYMENT_STATUS).toBe(paymentStatus(detail!.SUBSCRIPTION_PAID, detail!.SUBSCRIPTION_SALDO));
      }
    } finally {
      await kill(server);
    }
    console.log(
      `${backend}: ${ROUNDS} SIGKILLs under ${CONCURRENT_WRITERS} concurrent writers; ${sent} writes sent, ${acknowledged.length} acknowledged, all ${acknowledged.length} found after restart; ${failedInFlight} in flight at the kill were not acknowledged`,
    );
  }, 240_000);
});
