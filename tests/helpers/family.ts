import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import type { Database } from '../../server/src/db/client.js';
import { children, familyAccounts, familySessions, parents } from '../../server/src/db/schema.js';
import { hashToken } from '../../server/src/lib/session-expiry.js';
import type { TestApp } from './api.js';

/** The parent's fields of signUp: Sofie Claes of Mechelen, her last name tagged where a test tells its families apart. */
export function familyParentFields(tag = '') {
  return {
    SUBSCRIBER_PARENT_FIRSTNAME: 'Sofie',
    SUBSCRIBER_PARENT_LASTNAME: `Claes${tag}`,
    SUBSCRIBER_PARENT_STREET: 'Stationsstraat',
    SUBSCRIBER_PARENT_HOUSENR: '8',
    SUBSCRIBER_PARENT_POSTALCODE: '2800',
    SUBSCRIBER_PARENT_CITY: 'Mechelen',
    SUBSCRIBER_PARENT_COUNTRY: 'België',
    SUBSCRIBER_PARENT_PHONE: '0478 12 34 56',
  };
}

/**
 * A family of the public booking site (issue 40), signed up through its call: its session's token, for the tests that
 * walk every call of the table (a family's calls take no staff token).
 */
export async function signUpFamily(t: TestApp, email = `gezin-${randomUUID()}@thuis.be`): Promise<string> {
  const answer = await t.api.signUp({ email, password: 'zomerkamp aan zee 2027', ...familyParentFields() }, { token: null });
  if (answer.status !== 200) throw new Error(`signUp answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}

/**
 * A family account signed up through the site and linked to a parent staff know, its address confirmed (as
 * confirmEmail links it): its session's token, for the tests of what a known family sees of its records.
 */
export async function knownFamily(t: TestApp, parentId: number, email: string): Promise<string> {
  const token = await signUpFamily(t, email);
  await t.db.update(familyAccounts).set({ parentId, emailConfirmedAt: new Date() }).where(eq(familyAccounts.email, email));
  return token;
}

export interface FamilyWithChild {
  token: string;
  email: string;
  childId: number;
}

/** A child as familyWithChild saves it: a girl, 'Lotte Claes' unless named, born on `birthdate`. */
export interface ChildFacts {
  birthdate: string;
  firstname?: string;
  lastname?: string;
}

/**
 * A family of the public booking site signed up through its calls, with one child saved through saveChild: where a
 * test of the family's own calls starts.
 */
export async function familyWithChild(t: TestApp, child: ChildFacts, email = `gezin-${randomUUID()}@thuis.be`): Promise<FamilyWithChild> {
  const { token, childIds } = await familyWithChildren(t, [child], email);
  return { token, email, childId: childIds[0]! };
}

/** As familyWithChild, with several children (sisters on one waiting list), saved in their order. */
export async function familyWithChildren(
  t: TestApp,
  kids: ChildFacts[],
  email = `gezin-${randomUUID()}@thuis.be`,
): Promise<{ token: string; email: string; childIds: number[] }> {
  const token = await signUpFamily(t, email);
  const childIds: number[] = [];
  for (const child of kids) {
    const answer = await t.api.saveChild(
      {
        SUBSCRIBER_FIRSTNAME: child.firstname ?? 'Lotte',
        SUBSCRIBER_LASTNAME: child.lastname ?? 'Claes',
        SUBSCRIBER_GENDER_ID: GENDER_GIRL,
        SUBSCRIBER_BIRTHDATE: child.birthdate,
      },
      { token },
    );
    if (answer.status !== 200) throw new Error(`saveChild answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    childIds.push(answer.body.data.CHILD_ID);
  }
  return { token, email, childIds };
}

/**
 * The family books its child into `campIds` in one basket, paid in cash at the desk (so no account is known to pay a
 * refund back to), with an Idempotency-Key as the site sends one: the new subscriptions' ids, in the order book answers them.
 */
export async function bookInCash(t: TestApp, family: FamilyWithChild, campIds: number[]): Promise<number[]> {
  const answer = await t.api.book(
    { items: campIds.map((CAMP_ID) => ({ CHILD_ID: family.childId, CAMP_ID })), PAYMENTMETHOD_ID: PAYMENT_METHOD.cash },
    { token: family.token, headers: { 'idempotency-key': randomUUID() } },
  );
  if (answer.status !== 200) throw new Error(`book answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.bookings.map((b) => b.SUBSCRIPTION_ID);
}

export interface SignedInFamily {
  token: string;
  accountId: number;
  parentId: number;
  childIds: number[];
}

/**
 * `count` families of the public site written straight into the database, each confirmed and signed in (a session
 * token as signIn gives), with `children` children born on `birthdate`: for the tests of many families at once, where
 * signing each one up through the API (its password hashed) would take most of the test's time.
 */
export async function insertSignedInFamilies(
  db: Database,
  count: number,
  options: { children: number; birthdate: string },
): Promise<SignedInFamily[]> {
  const now = new Date();
  const stamp = randomUUID().slice(0, 8);
  const parentRows = await db
    .insert(parents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstname: `Ouder${i}`,
        lastname: `Drukte${stamp}`,
        email: `drukte-${stamp}-${i}@thuis.be`,
        street: 'Stationsstraat',
        housenr: '8',
        postalcode: '2800',
        city: 'Mechelen',
        country: 'België',
        phone: '0478 12 34 56',
        phone2: '',
      })),
    )
    .returning({ id: parents.id });
  const accounts = await db
    .insert(familyAccounts)
    .values(parentRows.map((p, i) => ({ email: `drukte-${stamp}-${i}@thuis.be`, parentId: p.id, emailConfirmedAt: now })))
    .returning({ id: familyAccounts.id, parentId: familyAccounts.parentId });
  const tokens = accounts.map(() => `gezin.${randomBytes(32).toString('base64url')}`);
  await db.insert(familySessions).values(
    accounts.map((a, i) => ({
      tokenHash: hashToken(tokens[i]!),
      accountId: a.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 3_600_000),
    })),
  );
  const kids = await db
    .insert(children)
    .values(
      accounts.flatMap((a, i) =>
        Array.from({ length: options.children }, (_, c) => ({
          parentId: a.parentId!,
          firstname: `Kind${i}-${c}`,
          lastname: `Drukte${stamp}`,
          genderId: GENDER_GIRL,
          birthdate: options.birthdate,
          nationalnr: '',
        })),
      ),
    )
    .returning({ id: children.id, parentId: children.parentId });
  return accounts.map((a, i) => ({
    token: tokens[i]!,
    accountId: a.id,
    parentId: a.parentId!,
    childIds: kids.filter((k) => k.parentId === a.parentId).map((k) => k.id),
  }));
}
