import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { PAYMENT_METHOD } from '@common/constants.js';
import type { Database } from '../../server/src/db/client.js';
import * as schema from '../../server/src/db/schema.js';
import { card } from '../helpers/page.js';

/** Test data for the subscription detail screen, arranged through the database of the real server. */

export interface SubscriptionSetup {
  priceCents?: number;
  paidCents?: number;
  paid?: boolean;
  method?: number;
  cancelled?: boolean;
  paidAccountNr?: string | null;
  /** A subscription of a flexible-booking camp, kept as seeded (selected days and their discount). */
  flexible?: boolean;
}

export interface PreparedSubscription {
  id: number;
  reference: string;
  childFirstname: string;
  childLastname: string;
  childId: number;
  parentId: number;
  parentEmail: string;
}

const taken = new WeakMap<Database, number[]>();

/**
 * A subscription no other test of the file uses, in a known state: no discounts, the given price,
 * paid amount, paid flag, method and cancellation.
 */
export async function prepareSubscription(db: Database, setup: SubscriptionSetup = {}): Promise<PreparedSubscription> {
  const used = taken.get(db) ?? [];
  taken.set(db, used);
  const [row] = await db
    .select({
      id: schema.subscriptions.id,
      reference: schema.subscriptions.reference,
      childId: schema.children.id,
      childFirstname: schema.children.firstname,
      childLastname: schema.children.lastname,
      parentId: schema.parents.id,
      parentEmail: schema.parents.email,
    })
    .from(schema.subscriptions)
    .innerJoin(schema.camps, eq(schema.camps.id, schema.subscriptions.campId))
    .innerJoin(schema.children, eq(schema.children.id, schema.subscriptions.childId))
    .innerJoin(schema.parents, eq(schema.parents.id, schema.children.parentId))
    .where(
      and(
        eq(schema.camps.flexibleBookingAllowed, setup.flexible ?? false),
        eq(schema.subscriptions.cancelled, false),
        used.length > 0 ? notInArray(schema.subscriptions.id, used) : undefined,
      ),
    )
    .orderBy(asc(schema.subscriptions.id))
    .limit(1);
  if (!row) throw new Error('no subscription left for this test');
  used.push(row.id);
  if (setup.flexible) return row;

  const paidCents = setup.paidCents ?? 0;
  await db.delete(schema.subscriptionDiscounts).where(eq(schema.subscriptionDiscounts.subscriptionId, row.id));
  await db
    .update(schema.subscriptions)
    .set({
      campPriceCents: setup.priceCents ?? 12500,
      paidAmountCents: paidCents,
      paid: setup.paid ?? false,
      paymentMethodId: setup.method ?? PAYMENT_METHOD.bankTransfer,
      paymentDate: paidCents > 0 ? '2025-06-02' : null,
      paidAccountNr: setup.paidAccountNr ?? null,
      cancelled: setup.cancelled ?? false,
      cancellationDate: setup.cancelled ? '2025-06-03T08:15:00.000Z' : null,
    })
    .where(eq(schema.subscriptions.id, row.id));
  return row;
}

export async function readSubscription(db: Database, id: number) {
  const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id));
  return row;
}

export function mailsOf(db: Database, subscriptionId: number) {
  return db
    .select({ recipient: schema.mailOutbox.recipient, templateId: schema.mailOutbox.templateId })
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.subscriptionId, subscriptionId))
    .orderBy(asc(schema.mailOutbox.id));
}

export function discountsOf(db: Database, subscriptionId: number) {
  return db
    .select({ amountCents: schema.subscriptionDiscounts.amountCents, remark: schema.subscriptionDiscounts.remark })
    .from(schema.subscriptionDiscounts)
    .where(eq(schema.subscriptionDiscounts.subscriptionId, subscriptionId))
    .orderBy(asc(schema.subscriptionDiscounts.id));
}

/** Opens the detail and waits until it shows the subscription. */
export async function openDetail(page: Page, subscription: { id: number; reference: string }): Promise<void> {
  await page.goto(`/subscription-detail/${subscription.id}`);
  const title = page.getByRole('heading', { level: 1, name: new RegExp(subscription.reference) });
  try {
    await title.waitFor({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`detail ${subscription.id} did not open; the page reads: ${await page.locator('body').innerText()}`, { cause: error });
  }
}

/** A value of the financial card, by its label. */
export async function financialValue(page: Page, label: string): Promise<string> {
  return (await card(page, 'Financieel').locator(`dt:text-is("${label}") + dd`).textContent()) ?? '';
}

/** Holds every call to one API path until released, to see the states in between. */
export async function holdCalls(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let passed!: () => void;
  const passedOn = new Promise<void>((resolve) => (passed = resolve));
  await page.route(`**/api/${path}`, async (route) => {
    await released;
    await route.continue();
    passed();
  });
  return async () => {
    release();
    await passedOn;
    await page.unroute(`**/api/${path}`);
  };
}

/** Makes one API path fail with a server error, as a broken server would. */
export async function failCalls(page: Page, path: string): Promise<void> {
  await page.route(`**/api/${path}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Er liep iets mis op de server.' } }),
    }),
  );
}
