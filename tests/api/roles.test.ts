import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, rolesOf, type CallName } from '@common/contract/index.js';
import { apiMessages } from '@common/messages.js';
import {
  MONITOR_PARTICIPANT_FIELDS,
  declaredAuditEntities,
  mayReadHistory,
  pageAllowed,
  pages,
  policies,
  recordOfAuditEntity,
} from '@common/policies.js';
import { roles, type Role } from '@common/roles.js';
import { readRows } from '../../server/src/db/client.js';
import { auditLog } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { attestDownloads } from '../helpers/attest-calls.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createLocation, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';
import { addUser, signIn } from '../helpers/users.js';

const DAY_MS = 24 * 3600_000;

describe.each(backends)('roles on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  const tokens = {} as Record<Role, string>;
  let monitorId: number;
  let monitorLocation: number;
  beforeAll(async () => {
    // The server's clock stands on the first day of the examples' camp 1, so it is a camp of the monitor's season.
    clock = controlledClock(new Date('2021-01-04T08:00:00Z'));
    t = await startTestApp(backend, { subscriptionsPerYear: 5, clock });
    const [camp] = await readRows(
      t.db,
      sql`select c.location_id as "locationId", p.start_date::text as "start" from camps c join periods p on p.id = c.period_id where c.id = 1`,
      z.object({ locationId: z.number(), start: z.string() }),
    );
    clock.advance(new Date(`${camp!.start}T08:00:00Z`).getTime() - clock.now().getTime());
    monitorLocation = camp!.locationId;
    monitorId = await createMonitor(t.db, { locationIds: [monitorLocation] });
    await addUser(t.db, 'medewerker@kampbeheer.be', 'medewerker');
    await addUser(t.db, 'monitor@kampbeheer.be', 'monitor', monitorId);
    for (const role of roles)
      tokens[role] =
        role === 'beheerder' ? await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password) : await signIn(t, `${role}@kampbeheer.be`);
    t.token = tokens.beheerder;
  });
  afterAll(async () => t?.close());

  /** The options that make a call as this role. */
  const as = (role: Role) => ({ token: tokens[role] });

  it('answers every call of the table, for each role, exactly as its record policy says', async () => {
    // logout ends the session the other calls use, so it comes last.
    // A family's calls take no staff session at all (tests/api/public-site.test.ts).
    const guarded = Object.entries(contract)
      .filter(([, c]) => !c.public && !c.family)
      .sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));
    const refused: string[] = [];
    // Every role's reads before any write, so no example write (a delete) takes away what a read's example reads.
    const phases = [guarded.filter(([, c]) => c.method === 'GET'), guarded.filter(([, c]) => c.method !== 'GET')];
    for (const phase of phases) {
      for (const role of roles) {
        for (const [name, c] of phase) {
          // Every call names a record of the policies, and the roles that may use it are that policy's.
          expect(policies[c.access.record], name).toBeDefined();
          const allowed = rolesOf(c).includes(role);
          // Unchecked: every call of the table in one loop, by its name, with its example input.
          const sent = await t.unchecked[name as CallName]('body' in c.example ? c.example.body : c.example.query, as(role));
          // A download's file is not JSON: what the messages show of it is null.
          const answer = { status: sent.status, body: c.files && sent.status === 200 ? null : sent.body };
          const seen = `${role} ${name} ${JSON.stringify(answer.body).slice(0, 200)}`;
          if (!allowed) {
            refused.push(`${role} ${name}`);
            expect([answer.status, answer.body], seen).toEqual([403, { error: { code: 'FORBIDDEN', message: apiMessages.forbidden } }]);
          } else if (role !== 'beheerder' && c.access.record === 'safetySheet') {
            // A medewerker reads safety sheets only with the organiser's right (off by default), a monitor only the
            // children of their camp in its week (child 1 is not in camp 1): tests/api/safety-sheets.test.ts.
            if (role === 'medewerker' || answer.status !== 200)
              expect([answer.status, answer.body?.error?.code], seen).toEqual([403, 'SAFETY_SHEET_FORBIDDEN']);
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
      tokens[role] =
        role === 'beheerder' ? await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password) : await signIn(t, `${role}@kampbeheer.be`);
    t.token = tokens.beheerder;
    expect(refused).toContain('medewerker updateSettings');
    expect(refused).toContain('monitor getSubscriptions');
    expect(refused).toContain('monitor getCampSummary');
    expect(refused).not.toContain('monitor getCampParticipants');
    console.log(`${guarded.length} calls × ${roles.length} roles; ${refused.length} refusals`);
  });

  it('answers the signed-in role on /api/me and at sign-in', async () => {
    for (const role of roles) {
      const me = await t.api.me(undefined, as(role));
      expect(me.body.data).toMatchObject({ role });
    }
    const login = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
    expect(login.body.data.user).toEqual({ email: TEST_ADMIN.email, role: 'beheerder' });
  });

  it("reads a record's history exactly when the role reads the record, and users' e-mail addresses only as a beheerder", async () => {
    const entities = [...declaredAuditEntities(), 'somethingNew'];
    for (const entity of entities) {
      await t.db.insert(auditLog).values({ adminId: null, action: 'test', entity, entityId: 4242, before: null, after: { a: 1 } });
    }
    for (const role of roles) {
      for (const entity of entities) {
        const answer = await t.api.getAuditLog({ entity, entityId: 4242 }, as(role));
        const expected = role === 'monitor' ? false : mayReadHistory(role, entity);
        expect([entity, role, answer.status]).toEqual([entity, role, expected ? 200 : 403]);
        if (expected) expect(answer.body.data.entries.map((e: { entity: string }) => e.entity)).toContain(entity);
      }
      // The whole log is the beheerder's.
      expect((await t.api.getAuditLog({}, as(role))).status).toBe(role === 'beheerder' ? 200 : 403);
    }
    // What a medewerker may and may not read, in words.
    expect(
      ['subscription', 'subscriber', 'parent', 'payment', 'camp', 'monitor', 'theme'].every((e) => mayReadHistory('medewerker', e)),
    ).toBe(true);
    expect(
      ['user', 'settings', 'belcotax', 'refundFile', 'fiscalAttestChild', 'retention', 'somethingNew'].some((e) =>
        mayReadHistory('medewerker', e),
      ),
    ).toBe(false);
    expect(recordOfAuditEntity('somethingNew')).toBeUndefined();
    // The settings' history is the beheerder's: a medewerker reads only the two settings staff need.
    expect(Object.keys((await t.api.getSettings(undefined, as('medewerker'))).body.data[0]!).sort()).toEqual([
      'ORGANISER_NAME',
      'PUBLIC_SITE_URL',
    ]);
    expect(Object.keys((await t.api.getSettings(undefined, as('beheerder'))).body.data[0]!).length).toBeGreaterThan(10);

    // A subscription's history names who changed it: the e-mail address to a beheerder, the role to others.
    const s = await createSubscription(t.db);
    expect((await t.api.paymentComplete({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    const history = { entity: 'subscription', entityId: s.subscriptionId };
    const staff = (await t.api.getAuditLog(history, as('medewerker'))).body.data;
    expect(staff.entries[0]).toMatchObject({ userEmail: null, userRole: 'beheerder' });
    expect(staff.users).toEqual([]);
    expect(JSON.stringify(staff)).not.toContain('@kampbeheer.be');
    const beheerder = (await t.api.getAuditLog(history, as('beheerder'))).body.data;
    expect(beheerder.entries[0]).toMatchObject({ userEmail: TEST_ADMIN.email, userRole: 'beheerder' });
    expect(beheerder.users.map((u: { email: string }) => u.email)).toContain('medewerker@kampbeheer.be');
  });

  it('shows a monitor what the camp day needs and nothing about money or e-mail, and lets them print but not export contact data', async () => {
    for (const remark of ['Allergisch voor noten', null]) await createSubscription(t.db, { campId: 1, remark });
    const campOne = { campId: 1 };
    const staff = (await t.api.getCampParticipants(campOne, as('medewerker'))).body.data as Record<string, unknown>[];
    const monitor = (await t.api.getCampParticipants(campOne, as('monitor'))).body.data as Record<string, unknown>[];
    expect(monitor.length).toBeGreaterThan(0);
    expect(monitor.map((p) => p.SUBSCRIPTION_ID)).toEqual(staff.map((p) => p.SUBSCRIPTION_ID));
    for (const row of monitor) expect(Object.keys(row).sort()).toEqual([...MONITOR_PARTICIPANT_FIELDS].sort());
    expect(Object.keys(staff[0]!)).toEqual(expect.arrayContaining(['PAYMENT_STATUS', 'SUBSCRIPTION_SALDO', 'SUBSCRIBER_PARENT_EMAIL']));

    for (const format of ['csv', 'xlsx'] as const) {
      expect((await t.api.exportCampParticipants({ campId: 1, format }, as('monitor'))).status).toBe(403);
      expect((await t.api.exportCampParticipants({ campId: 1, format }, as('medewerker'))).status).toBe(200);
    }
    const pdf = await t.api.exportCampParticipants({ campId: 1, format: 'pdf' }, as('monitor'));
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    const emails = staff.map((p) => p.SUBSCRIBER_PARENT_EMAIL as string);
    expect(emails.filter((email) => text.includes(email))).toEqual([]);
    expect(text).not.toMatch(/€|Betaal|KB\d{4}-/);
    expect(text).toContain(staff[0]!.SUBSCRIBER_LASTNAME as string);
  });

  it("gives a monitor only the camps of their locations in the current season that have not ended, and refuses the others'", async () => {
    const now = clock.now();
    const year = now.getUTCFullYear();
    const monday = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
    const camp = async (locationId: number, startDate: string) =>
      createCamp(t.db, { locationId, periodId: await createPeriod(t.db, { startDate }), activeDays: startDate });
    const elsewhere = await createLocation(t.db, { name: 'Elders' });
    const running = await camp(monitorLocation, monday(0));
    const ended = await camp(monitorLocation, monday(-20));
    const lastYear = await camp(monitorLocation, `${year - 1}-07-05`);
    const otherLocation = await camp(elsewhere, monday(0));
    const otherChild = await createSubscription(t.db, { campId: otherLocation });
    const endedChild = await createSubscription(t.db, { campId: ended });

    const ids = async (role: Role, campYear: number) =>
      ((await t.api.getCamps({ campYear }, as(role))).body.data as { CAMP_ID: number }[]).map((c) => c.CAMP_ID);
    const monitorCamps = await ids('monitor', year);
    expect(monitorCamps).toContain(running);
    expect(monitorCamps).toContain(1);
    for (const hidden of [ended, otherLocation]) expect(monitorCamps).not.toContain(hidden);
    expect(await ids('monitor', year - 1)).toEqual([]);
    expect(await ids('medewerker', year)).toEqual(expect.arrayContaining([running, ended, otherLocation]));
    expect((await t.api.getCamps({ campId: lastYear }, as('monitor'))).body.data).toEqual([]);
    expect((await t.api.getCamps({ campId: lastYear }, as('medewerker'))).body.data).toHaveLength(1);

    for (const [campId, child] of [
      [otherLocation, otherChild],
      [ended, endedChild],
    ] as const) {
      const refusals = [
        await t.api.getCampParticipants({ campId }, as('monitor')),
        await t.api.exportCampParticipants({ campId, format: 'pdf' }, as('monitor')),
        await t.api.setAttendance({ SUBSCRIPTION_ID: child.subscriptionId, date: monday(0), present: true }, { token: tokens.monitor }),
      ];
      expect(
        refusals.map((r) => r.status),
        JSON.stringify(refusals.map((r) => r.body)),
      ).toEqual([403, 403, 403]);
    }
    expect((await t.api.getCampParticipants({ campId: otherLocation }, as('medewerker'))).status).toBe(200);
    expect((await t.api.getCampParticipants({ campId: running }, as('monitor'))).status).toBe(200);

    // Once it has ended, the running camp is no longer theirs.
    clock.advance(6 * DAY_MS);
    tokens.monitor = await signIn(t, 'monitor@kampbeheer.be');
    expect((await t.api.getCampParticipants({ campId: running }, as('monitor'))).status).toBe(403);
    clock.advance(-6 * DAY_MS);
    tokens.monitor = await signIn(t, 'monitor@kampbeheer.be');
  });

  it('refuses a monitor user linked to no monitor every camp', async () => {
    await addUser(t.db, 'los@kampbeheer.be', 'monitor');
    const token = await signIn(t, 'los@kampbeheer.be');
    expect((await t.api.getCamps({ campId: 1 }, { token })).body.data).toEqual([]);
    expect((await t.api.getCampParticipants({ campId: 1 }, { token })).status).toBe(403);
  });

  it("derives the web's pages from the same policies: a role opens a page when it may do what the page does", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pageAllowed('monitor', '/camps')).toBe(true);
    expect(pageAllowed('monitor', '/camp-participants/5')).toBe(true);
    expect(pageAllowed('monitor', '/camp-detail/5')).toBe(false);
    expect(pageAllowed('monitor', '/subscription-overview')).toBe(false);
    expect(pageAllowed('medewerker', '/subscription-detail/5')).toBe(true);
    for (const path of ['/settings', '/logboek', '/users', '/gegevensbeheer', '/attesten']) {
      expect([path, pageAllowed('medewerker', path), pageAllowed('beheerder', path)]).toEqual([path, false, true]);
    }
  });
});
