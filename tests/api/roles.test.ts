import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, rolesOf } from '@common/contract/index.js';
import { apiMessages } from '@common/messages.js';
import { roles, type Role } from '@common/roles.js';
import { readRows } from '../../server/src/db/client.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { attestDownloads } from '../helpers/attest-calls.js';
import { backends } from '../helpers/database.js';
import { createCamp, createLocation, createMonitor, createSubscription } from '../helpers/factory.js';
import { addUser, signIn } from '../helpers/users.js';
import { z } from 'zod';

function queryString(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe.each(backends)('roles on %s', (backend) => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  let monitorId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 5 });
    // The monitor user works at the location of the examples' camp 1, so every example is one of their camps.
    const [camp] = await readRows(
      t.db,
      sql`select location_id as "locationId" from camps where id = 1`,
      z.object({ locationId: z.number() }),
    );
    monitorId = await createMonitor(t.db, { locationIds: [camp!.locationId] });
    await addUser(t.db, 'medewerker@kampbeheer.be', 'medewerker');
    await addUser(t.db, 'monitor@kampbeheer.be', 'monitor', monitorId);
    tokens.beheerder = t.token;
    tokens.medewerker = await signIn(t, 'medewerker@kampbeheer.be');
    tokens.monitor = await signIn(t, 'monitor@kampbeheer.be');
  });
  afterAll(async () => t?.close());

  it('answers every call of the table, for each role, 403 exactly when the call does not allow the role', async () => {
    // logout ends the session the other calls use, so it comes last.
    const guarded = Object.entries(contract)
      .filter(([, c]) => !c.public)
      .sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));
    const refused: string[] = [];
    // Every role's reads before any write, so no example write (a delete) takes away what a read's example reads.
    const phases = [guarded.filter(([, c]) => c.method === 'GET'), guarded.filter(([, c]) => c.method !== 'GET')];
    for (const phase of phases) {
      for (const role of roles) {
        for (const [name, c] of phase) {
          const allowed = rolesOf(c).includes(role);
          const url = `${c.path}${queryString(c.example.query)}`;
          const answer = c.files
            ? await t.app
                .inject({
                  method: c.method,
                  url,
                  headers: { authorization: `Bearer ${tokens[role]}` },
                  ...('body' in c.example ? { payload: c.example.body as object } : {}),
                })
                .then((r) => ({
                  status: r.statusCode,
                  body: r.statusCode === 200 ? null : r.json(),
                }))
            : await t.call(c.method, url, 'body' in c.example ? c.example.body : undefined, tokens[role]);
          const seen = `${role} ${name} ${JSON.stringify(answer.body).slice(0, 200)}`;
          if (!allowed) {
            refused.push(`${role} ${name}`);
            expect([answer.status, answer.body], seen).toEqual([403, { error: { code: 'FORBIDDEN', message: apiMessages.forbidden } }]);
          } else if (c.method === 'GET' && !attestDownloads.has(name)) {
            // A read's example answers 200 to every role it allows (as tests/api/contract.test.ts checks for staff).
            expect(answer.status, seen).toBe(200);
          } else {
            // A write's example may meet a rule of the data (404, 409), never the role or session check.
            expect([401, 403], seen).not.toContain(answer.status);
          }
        }
      }
    }
    for (const role of roles)
      tokens[role] = await signIn(
        t,
        `${role === 'beheerder' ? 'test' : role}@kampbeheer.be`,
        role === 'beheerder' ? TEST_ADMIN.password : undefined,
      );
    t.token = tokens.beheerder;
    expect(refused).toContain('medewerker updateSettings');
    expect(refused).toContain('monitor getSubscriptions');
    expect(refused).not.toContain('monitor getCampParticipants');
    console.log(`${guarded.length} calls × ${roles.length} roles; ${refused.length} refusals`);
  });

  it('answers the signed-in role on /api/me and at sign-in', async () => {
    for (const role of roles) {
      const me = await t.call('GET', '/api/me', undefined, tokens[role]);
      expect(me.body.data).toMatchObject({ role });
    }
    const login = await t.call('POST', '/api/login', { username: TEST_ADMIN.email, password: TEST_ADMIN.password }, null);
    expect(login.body.data.user).toEqual({ email: TEST_ADMIN.email, role: 'beheerder' });
  });

  it("gives a monitor only the camps at their monitor's locations, and refuses the others' lists and attendance", async () => {
    const elsewhere = await createLocation(t.db, { name: 'Elders' });
    const otherCamp = await createCamp(t.db, { locationId: elsewhere, activeDays: '2026-07-06' });
    const otherChild = await createSubscription(t.db, { campId: otherCamp });
    const [own] = await readRows(
      t.db,
      sql`select c.location_id as "locationId", extract(year from p.start_date)::int as "year" from camps c join periods p on p.id = c.period_id where c.id = 1`,
      z.object({ locationId: z.number(), year: z.number() }),
    );
    const staffCamps = await t.call('GET', `/api/getCamps?campYear=${own!.year}`, undefined, tokens.medewerker);
    const monitorCamps = await t.call('GET', `/api/getCamps?campYear=${own!.year}`, undefined, tokens.monitor);
    const expected = staffCamps.body.data.filter((c: { LOCATION_ID: number }) => c.LOCATION_ID === own!.locationId);
    expect(expected.length).toBeGreaterThan(0);
    expect(monitorCamps.body.data).toEqual(expected);
    expect((await t.call('GET', `/api/getCamps?campId=${otherCamp}`, undefined, tokens.monitor)).body.data).toEqual([]);
    expect((await t.call('GET', `/api/getCamps?campId=${otherCamp}`, undefined, tokens.medewerker)).body.data).toHaveLength(1);

    const refusals = [
      await t.call('GET', `/api/getCampParticipants?campId=${otherCamp}`, undefined, tokens.monitor),
      await t.call('GET', `/api/exportCampParticipants?campId=${otherCamp}&format=csv`, undefined, tokens.monitor),
      await t.call(
        'POST',
        '/api/setAttendance',
        { SUBSCRIPTION_ID: otherChild.subscriptionId, date: '2026-07-06', present: true },
        tokens.monitor,
      ),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await t.call('GET', `/api/getCampParticipants?campId=${otherCamp}`, undefined, tokens.medewerker)).status).toBe(200);
  });

  it('refuses a monitor user linked to no monitor every camp', async () => {
    await addUser(t.db, 'los@kampbeheer.be', 'monitor');
    const token = await signIn(t, 'los@kampbeheer.be');
    const campId = await createCamp(t.db);
    expect((await t.call('GET', `/api/getCamps?campId=${campId}`, undefined, token)).body.data).toEqual([]);
    expect((await t.call('GET', `/api/getCampParticipants?campId=${campId}`, undefined, token)).status).toBe(403);
  });
});
