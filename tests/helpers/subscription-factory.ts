import { asc, sql } from 'drizzle-orm';
import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { formatOgm } from '@common/ogm.js';
import type { Database } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';

export interface SubscriptionFacts {
  campId?: number;
  priceCents?: number;
  discounts?: { kind: 'booking' | 'selected-days' | 'extra'; amountCents: number; remark?: string }[];
  paidAmountCents?: number;
  paid?: boolean;
  paymentDate?: string | null;
  paymentMethodId?: number;
  cancelled?: boolean;
  childFirstname?: string;
  childLastname?: string;
  parentEmail?: string;
}

export interface CreatedSubscription {
  subscriptionId: number;
  childId: number;
  parentId: number;
  campId: number;
  reference: string;
  ogm: string;
}

let sequence = 0;

/**
 * A subscription with exactly the money facts a test names, on a fresh child and parent, so tests do not
 * depend on which states the demo generator happened to produce. Defaults: a € 150 camp, nothing paid, transfer.
 */
export async function createSubscription(db: Database, facts: SubscriptionFacts = {}): Promise<CreatedSubscription> {
  sequence++;
  const campId = facts.campId ?? (await db.select({ id: t.camps.id }).from(t.camps).orderBy(asc(t.camps.id)).limit(1))[0]!.id;
  const [{ next } = { next: 1 }] = await db
    .select({ next: sql<number>`coalesce(max(${t.subscriptions.id}), 0)::int + 1` })
    .from(t.subscriptions);
  const [parent] = await db
    .insert(t.parents)
    .values({
      firstname: 'Sofie',
      lastname: facts.childLastname ?? 'Testouder',
      street: 'Kerkstraat',
      housenr: '12',
      postalcode: '9000',
      city: 'Gent',
      country: 'België',
      phone: '0475 12 34 56',
      email: facts.parentEmail ?? `ouder${sequence}@voorbeeld.be`,
      nationalnr: formatNationalNumber('1984-03-15', 100 + (sequence % 800)),
    })
    .returning({ id: t.parents.id });
  const [child] = await db
    .insert(t.children)
    .values({
      parentId: parent!.id,
      firstname: facts.childFirstname ?? 'Lotte',
      lastname: facts.childLastname ?? 'Testkind',
      genderId: GENDER_GIRL,
      birthdate: '2016-05-04',
      nationalnr: formatNationalNumber('2016-05-04', 2 * (1 + (sequence % 400))),
    })
    .returning({ id: t.children.id });
  const reference = `TEST-${next}-${sequence}`;
  const ogm = formatOgm(7_000_000_000 + next * 1000 + (sequence % 1000));
  const [subscription] = await db
    .insert(t.subscriptions)
    .values({
      reference,
      ogm,
      campId,
      childId: child!.id,
      campPriceCents: facts.priceCents ?? 15000,
      paidAmountCents: facts.paidAmountCents ?? 0,
      paid: facts.paid ?? false,
      paymentDate: facts.paymentDate ?? null,
      paymentMethodId: facts.paymentMethodId ?? PAYMENT_METHOD.bankTransfer,
      cancelled: facts.cancelled ?? false,
      cancellationDate: facts.cancelled ? new Date().toISOString() : null,
      lunchPreferenceId: null,
    })
    .returning({ id: t.subscriptions.id });
  const subscriptionId = subscription!.id;
  if (facts.discounts?.length) {
    await db
      .insert(t.subscriptionDiscounts)
      .values(
        facts.discounts.map((d) => ({ subscriptionId, kind: d.kind, amountCents: d.amountCents, remark: d.remark ?? 'Testkorting' })),
      );
  }
  return { subscriptionId, childId: child!.id, parentId: parent!.id, campId, reference, ogm };
}
