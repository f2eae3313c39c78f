import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { admins, auditLog } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';

/** A complete monitor as the detail screen sends it: every field, the optional ones as the form leaves them. */
const newMonitor = (overrides: Record<string, unknown> = {}) => ({
  MONITOR_FIRSTNAME: 'Lotte',
  MONITOR_LASTNAME: 'Vermeulen',
  MONITOR_EMAIL: 'lotte.vermeulen@monitor.be',
  MONITOR_PHONE: '0475 12 34 56',
  MONITOR_REMARK: 'Heeft EHBO-attest',
  MONITOR_BIRTHDATE: '2001-04-17',
  MONITOR_NATIONALNR: '01.04.17-123.27',
  MONITOR_ACCOUNT_NR: 'BE71096123456769',
  MONITOR_STREET: 'Kerkstraat',
  MONITOR_HOUSENR: '12',
  MONITOR_POSTALCODE: '9000',
  MONITOR_CITY: 'Gent',
  MONITOR_CAMP_LOCATION_1: 2,
  MONITOR_CAMP_LOCATION_2: '3',
  MONITOR_CAMP_LOCATION_3: '',
  MONITOR_CAMP_LOCATION_4: null,
  MONITOR_CAMP_LOCATION_5: '',
  ...overrides,
});

describe.each(backends)('monitors API on %s', (backend) => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 3 });
    [{ id: adminId }] = (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email))) as [{ id: number }];
  });
  afterAll(async () => t?.close());

  const allMonitors = async () => (await t.api.getMonitors()).body.data as MonitorRecord[];
  const readMonitor = async (monitorId: number | string) => (await t.api.getMonitors({ monitorId })).body.data as MonitorRecord[];
  // One e-mail address per monitor: each monitor a test creates gets its own.
  let created = 0;
  const create = async (overrides: Record<string, unknown> = {}) => {
    const answer = await t.api.updateMonitor(newMonitor({ MONITOR_EMAIL: `lotte.vermeulen${++created}@monitor.be`, ...overrides }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as { monitorId: number }).monitorId;
  };
  const auditsOf = async (monitorId: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'monitor'), eq(auditLog.entityId, monitorId)))
        .orderBy(auditLog.id)
    ).map((a) => [a.action, a.adminId, a.before, a.after]);

  it('lists every demo monitor with all fields of spec section 3, sorted by last name then first name', async () => {
    const monitors = await allMonitors();
    expect(monitors).toHaveLength(30);
    expect(Object.keys(monitors[0]!).sort()).toEqual(Object.keys({ MONITOR_ID: 1, MONITOR_VERSION: 1, ...newMonitor() }).sort());
    const sorted = [...monitors].sort(
      compareByLastThenFirstName<MonitorRecord>(
        (m) => m.MONITOR_LASTNAME,
        (m) => m.MONITOR_FIRSTNAME,
      ),
    );
    expect(monitors.map((m) => [m.MONITOR_LASTNAME, m.MONITOR_FIRSTNAME])).toEqual(
      sorted.map((m) => [m.MONITOR_LASTNAME, m.MONITOR_FIRSTNAME]),
    );
  });

  it('sorts with the Dutch collation ignoring punctuation, the same on every backend', async () => {
    const names: [string, string][] = [
      ['Van den Broeck', 'Jef'],
      ["D'Hondt", 'Mia'],
      ['Peeters', 'Bart'],
      ['De Smet', 'Ann'],
      ['Çelik', 'Elif'],
      ['Peeters', 'Anna'],
      ['Dubois', 'Luc'],
    ];
    const ids: number[] = [];
    for (const [last, first] of names) ids.push(await create({ MONITOR_LASTNAME: last, MONITOR_FIRSTNAME: first }));
    const ours = (await allMonitors()).filter((m) => ids.includes(m.MONITOR_ID));
    expect(ours.map((m) => `${m.MONITOR_LASTNAME}, ${m.MONITOR_FIRSTNAME}`)).toEqual([
      'Çelik, Elif',
      'De Smet, Ann',
      "D'Hondt, Mia",
      'Dubois, Luc',
      'Peeters, Anna',
      'Peeters, Bart',
      'Van den Broeck, Jef',
    ]);
    for (const id of ids) expect((await t.api.deleteMonitor({ monitorId: id })).status).toBe(200);
  });

  it('answers one monitor by id, and an empty list for an unknown one', async () => {
    const [first] = await allMonitors();
    expect(await readMonitor(first!.MONITOR_ID)).toEqual([first]);
    expect(await readMonitor(99999)).toEqual([]);
  });

  it('creates a monitor, reads it back, replaces it, deletes it, and audits each change', async () => {
    const monitorId = await create({ MONITOR_FIRSTNAME: '  Lotte ', MONITOR_REMARK: '   ', MONITOR_EMAIL: 'lotte.vermeulen@monitor.be' });
    const created: MonitorRecord = {
      MONITOR_ID: monitorId,
      MONITOR_VERSION: 1,
      MONITOR_FIRSTNAME: 'Lotte',
      MONITOR_LASTNAME: 'Vermeulen',
      MONITOR_EMAIL: 'lotte.vermeulen@monitor.be',
      MONITOR_PHONE: '0475 12 34 56',
      MONITOR_REMARK: null,
      MONITOR_BIRTHDATE: '2001-04-17',
      MONITOR_NATIONALNR: '01.04.17-***.**',
      MONITOR_ACCOUNT_NR: 'BE71096123456769',
      MONITOR_STREET: 'Kerkstraat',
      MONITOR_HOUSENR: '12',
      MONITOR_POSTALCODE: '9000',
      MONITOR_CITY: 'Gent',
      MONITOR_CAMP_LOCATION_1: 2,
      MONITOR_CAMP_LOCATION_2: 3,
      MONITOR_CAMP_LOCATION_3: null,
      MONITOR_CAMP_LOCATION_4: null,
      MONITOR_CAMP_LOCATION_5: null,
    };
    expect(await readMonitor(monitorId)).toEqual([created]);
    expect((await allMonitors()).map((m) => m.MONITOR_ID)).toContain(monitorId);

    // The full object replaces the monitor: what is left empty is cleared.
    const replaced = await t.api.updateMonitor({
      ...newMonitor({ MONITOR_ID: String(monitorId), MONITOR_PHONE: '+32 9 123 45 67', MONITOR_CAMP_LOCATION_5: 6 }),
      MONITOR_ACCOUNT_NR: '',
      MONITOR_BIRTHDATE: '',
      MONITOR_CAMP_LOCATION_1: '',
      MONITOR_CAMP_LOCATION_2: null,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toEqual({ monitorId });
    const updated: MonitorRecord = {
      ...created,
      MONITOR_VERSION: 2,
      MONITOR_PHONE: '+32 9 123 45 67',
      MONITOR_REMARK: 'Heeft EHBO-attest',
      MONITOR_ACCOUNT_NR: null,
      MONITOR_BIRTHDATE: null,
      MONITOR_CAMP_LOCATION_1: null,
      MONITOR_CAMP_LOCATION_2: null,
      MONITOR_CAMP_LOCATION_5: 6,
    };
    expect(await readMonitor(monitorId)).toEqual([updated]);

    const deleted = await t.api.deleteMonitor({ monitorId });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ monitorId });
    expect(await readMonitor(monitorId)).toEqual([]);
    expect((await allMonitors()).map((m) => m.MONITOR_ID)).not.toContain(monitorId);

    expect(await auditsOf(monitorId)).toEqual([
      ['updateMonitor:create', adminId, null, created],
      ['updateMonitor:update', adminId, created, updated],
      ['deleteMonitor', adminId, updated, null],
    ]);
  });

  it("deletes with the monitorId in the query as well; the body's wins when both carry one", async () => {
    const monitorId = await create();
    const answer = await t.api.deleteMonitor(undefined, { query: { monitorId } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ monitorId });
    expect(await readMonitor(monitorId)).toEqual([]);

    const [kept, removed] = [await create(), await create()];
    const both = await t.api.deleteMonitor({ monitorId: removed }, { query: { monitorId: kept } });
    expect(both.body.data).toEqual({ monitorId: removed });
    expect(await readMonitor(removed)).toEqual([]);
    expect(await readMonitor(kept)).toHaveLength(1);
  });

  it('takes an account number of exactly 16 characters, or none', async () => {
    const monitorId = await create({ MONITOR_ACCOUNT_NR: null });
    expect((await readMonitor(monitorId))[0]!.MONITOR_ACCOUNT_NR).toBeNull();
    await t.api.updateMonitor(newMonitor({ MONITOR_ID: monitorId, MONITOR_ACCOUNT_NR: 'NL91ABNA04171643' }));
    expect((await readMonitor(monitorId))[0]!.MONITOR_ACCOUNT_NR).toBe('NL91ABNA04171643');
  });

  it('refuses every invalid field with its Dutch message, changing nothing', async () => {
    const [existing] = await allMonitors();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [newMonitor({ MONITOR_FIRSTNAME: undefined }), { MONITOR_FIRSTNAME: 'Veld verplicht' }],
      [newMonitor({ MONITOR_FIRSTNAME: '   ' }), { MONITOR_FIRSTNAME: 'Veld verplicht' }],
      [newMonitor({ MONITOR_FIRSTNAME: 'x'.repeat(51) }), { MONITOR_FIRSTNAME: 'Inhoud te lang' }],
      [newMonitor({ MONITOR_LASTNAME: '' }), { MONITOR_LASTNAME: 'Veld verplicht' }],
      [newMonitor({ MONITOR_LASTNAME: 'x'.repeat(51) }), { MONITOR_LASTNAME: 'Inhoud te lang' }],
      [newMonitor({ MONITOR_EMAIL: '' }), { MONITOR_EMAIL: 'Veld verplicht' }],
      [newMonitor({ MONITOR_EMAIL: 'lotte.vermeulen' }), { MONITOR_EMAIL: 'ongeldig mailadres' }],
      [newMonitor({ MONITOR_PHONE: undefined }), { MONITOR_PHONE: 'Veld verplicht' }],
      [newMonitor({ MONITOR_PHONE: 'bel me' }), { MONITOR_PHONE: 'Foutief formaat' }],
      [newMonitor({ MONITOR_ACCOUNT_NR: 'BE7109612345676' }), { MONITOR_ACCOUNT_NR: 'Inhoud te kort' }],
      [newMonitor({ MONITOR_ACCOUNT_NR: 'BE71 0961 2345 6769' }), { MONITOR_ACCOUNT_NR: 'Inhoud te lang. Geen spaties gebruiken.' }],
      [newMonitor({ MONITOR_BIRTHDATE: '2001-02-30' }), { MONITOR_BIRTHDATE: 'Foutief formaat' }],
      [newMonitor({ MONITOR_BIRTHDATE: '17/04/2001' }), { MONITOR_BIRTHDATE: 'Foutief formaat' }],
      [newMonitor({ MONITOR_BIRTHDATE: '0000-01-01' }), { MONITOR_BIRTHDATE: 'Foutief formaat' }],
      [newMonitor({ MONITOR_REMARK: 'x'.repeat(2001) }), { MONITOR_REMARK: 'Inhoud te lang' }],
      [newMonitor({ MONITOR_STREET: 'x'.repeat(51) }), { MONITOR_STREET: 'Inhoud te lang' }],
      [newMonitor({ MONITOR_CAMP_LOCATION_1: 'Gent' }), { MONITOR_CAMP_LOCATION_1: 'Foutief formaat' }],
      [newMonitor({ MONITOR_CAMP_LOCATION_4: 99999 }), { MONITOR_CAMP_LOCATION_4: 'Foutief formaat' }],
      [
        newMonitor({ MONITOR_ID: existing!.MONITOR_ID, MONITOR_CAMP_LOCATION_2: 99998, MONITOR_CAMP_LOCATION_5: 99999 }),
        { MONITOR_CAMP_LOCATION_2: 'Foutief formaat', MONITOR_CAMP_LOCATION_5: 'Foutief formaat' },
      ],
      [newMonitor({ MONITOR_ID: 'tien' }), { MONITOR_ID: 'Foutief formaat' }],
      [
        {},
        {
          MONITOR_FIRSTNAME: 'Veld verplicht',
          MONITOR_LASTNAME: 'Veld verplicht',
          MONITOR_EMAIL: 'Veld verplicht',
          MONITOR_PHONE: 'Veld verplicht',
        },
      ],
    ];
    const before = await databaseDigest(t.db);
    for (const [body, fields] of cases) {
      const answer = await t.api.updateMonitor(body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(answer.body.error.fields, JSON.stringify(body).slice(0, 200)).toEqual(fields);
    }
    for (const [url, body, fields] of [
      ['/api/deleteMonitor', {}, { monitorId: 'Veld verplicht' }],
      ['/api/deleteMonitor', { monitorId: 'een' }, { monitorId: 'Foutief formaat' }],
      ['/api/deleteMonitor?monitorId=een', undefined, { monitorId: 'Foutief formaat' }],
      ['/api/deleteMonitor', undefined, { monitorId: 'Veld verplicht' }],
    ] as const) {
      // Raw: malformed bodies and query strings on purpose.
      const answer = await t.call('DELETE', url, body);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.fields, url).toEqual(fields);
    }
    const badQuery = await t.api.getMonitors({ monitorId: 'een' });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.fields).toEqual({ monitorId: 'Foutief formaat' });
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown monitor on update and delete, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    const update = await t.api.updateMonitor(newMonitor({ MONITOR_ID: 99999 }));
    expect(update.status).toBe(404);
    expect(update.body.error).toEqual({ code: 'NOT_FOUND', message: 'Monitor niet gevonden' });
    const remove = await t.api.deleteMonitor({ monitorId: 99999 });
    expect(remove.status).toBe(404);
    expect(remove.body.error.message).toBe('Monitor niet gevonden');
    expect((await t.api.deleteMonitor(undefined, { query: { monitorId: 99999 } })).status).toBe(404);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('needs a signed-in administrator for every monitor call', async () => {
    const before = await databaseDigest(t.db);
    expect((await t.api.getMonitors(undefined, { token: null })).status).toBe(401);
    expect((await t.api.updateMonitor(newMonitor(), { token: null })).status).toBe(401);
    expect((await t.api.deleteMonitor({ monitorId: 1 }, { token: null })).status).toBe(401);
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
