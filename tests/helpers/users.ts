import { eq } from 'drizzle-orm';
import { rolesOf, type Call } from '@common/contract/index.js';
import type { Role } from '@common/roles.js';
import type { Database } from '../../server/src/db/client.js';
import { admins } from '../../server/src/db/schema.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import type { TestApp } from './api.js';
import { signUpFamily } from './family.js';

export const USER_PASSWORD = 'een lang genoeg wachtwoord';

/** A user of the given role with USER_PASSWORD, linked to a monitor when one is given. */
export async function addUser(db: Database, email: string, role: Role, monitorId?: number): Promise<number> {
  const id = await addAdmin(db, email, USER_PASSWORD, role);
  if (monitorId !== undefined) await db.update(admins).set({ monitorId }).where(eq(admins.id, id));
  return id;
}

/** Signs in through the API and answers the Bearer token. */
export async function signIn(t: TestApp, email: string, password = USER_PASSWORD): Promise<string> {
  const answer = await t.api.login({ username: email, password }, { token: null });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}

/**
 * A token that may use each call of the table, for tests that walk every call: none for a public call, a family's
 * for the public site's own, the suite's beheerder where a beheerder may, and otherwise a monitor user's (linked
 * to monitor 1: their own availability, issue 36). Signs up the family and adds the monitor user once.
 */
export async function callerOfEveryCall(t: TestApp): Promise<(c: Call) => string | null> {
  const family = await signUpFamily(t);
  await addUser(t.db, 'monitor-caller@kampbeheer.be', 'monitor', 1);
  const monitor = await signIn(t, 'monitor-caller@kampbeheer.be');
  return (c) => (c.public ? null : c.family ? family : rolesOf(c).includes('beheerder') ? t.token : monitor);
}
