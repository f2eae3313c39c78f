import { eq } from 'drizzle-orm';
import type { Role } from '@common/roles.js';
import type { Database } from '../../server/src/db/client.js';
import { admins } from '../../server/src/db/schema.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import type { TestApp } from './api.js';

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
