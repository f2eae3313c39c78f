import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_CAMP_YEAR } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';
import { DEMO_ADMIN, ensureDemoData } from '../../server/src/seed/demo-data.js';
import { openDatabase } from '../../server/src/db/client.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { backends, openTestDatabase } from '../helpers/database.js';
import { programArgs } from '../helpers/server-process.js';

/**
 * A first start (the migrations on a database without tables, the whole demo of every year) and the administrator
 * commands, each a process of its own on a data folder. Slow by nature (thousands of demo subscriptions a year, a
 * process per command), so in this tier, which `npm test` runs and `npm run test:fast` leaves out.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe.each(backends)('migrations and demo data on %s', (backend) => {
  it('migrates an empty database, fills it once with demo data of every year, and never again', async () => {
    const handle = await openTestDatabase(backend, { from: 'scratch' });
    try {
      const tables = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables[0]!.n).toBeGreaterThanOrEqual(18);

      expect(await ensureDemoData(handle.db)).toEqual(DEMO_ADMIN);
      const perYear = await queryRows<{ year: number; n: number }>(
        handle.db,
        sql`select extract(year from p.start_date)::int as year, count(*)::int as n
            from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id group by 1 order by 1`,
      );
      const years = perYear.map((r) => r.year);
      expect(years[0]).toBe(FIRST_CAMP_YEAR);
      expect(years.at(-1)).toBe(new Date().getFullYear() + 1);
      expect(perYear.every((r) => r.n === 2000)).toBe(true);
      const [monitors] = await handle.db.select({ n: count() }).from(t.monitors);
      expect(monitors!.n).toBeGreaterThan(0);

      const before = await handle.db.select({ n: count() }).from(t.subscriptions);
      await ensureDemoData(handle.db);
      const after = await handle.db.select({ n: count() }).from(t.subscriptions);
      expect(after).toEqual(before);
    } finally {
      await handle.close();
    }
  }, 240_000);
});

describe('the embedded database on disk and the administrator commands', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[], input?: string) => {
    const child = run(process.execPath, programArgs('server/src/cli/users.ts', ...args), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    if (input !== undefined) {
      child.child.stdin!.end(input);
    }
    return child;
  };

  it('adds, lists, changes and removes administrators in DATA_DIR', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kampbeheer-cli-'));
    const added = await cli(['add', 'jan@example.be']);
    expect(added.stdout).toContain('Beheerder jan@example.be toegevoegd.');
    expect(added.stdout).toMatch(/Wachtwoord: \S{12,}/);

    await cli(['add', 'an@example.be', '--password-stdin'], 'een lang geheim\n');
    const listed = await cli(['list']);
    expect(listed.stdout).toContain('an@example.be');
    expect(listed.stdout).toContain('jan@example.be');

    await expect(cli(['add', 'jan@example.be'])).rejects.toMatchObject({ stderr: expect.stringContaining('bestaat al') });
    expect((await cli(['passwd', 'an@example.be', '--password-stdin'], 'nog een geheim\n')).stdout).toContain('gewijzigd');
    expect((await cli(['remove', 'jan@example.be'])).stdout).toContain('verwijderd');
    await expect(cli(['remove', 'jan@example.be'])).rejects.toMatchObject({ stderr: expect.stringContaining('Geen beheerder') });
    await expect(cli(['add', 'not-an-email'])).rejects.toMatchObject({ stderr: expect.stringContaining('geldig e-mailadres') });

    // The data survives: the server process opens the same folder and finds the remaining administrator.
    const handle = await openDatabase({ dataDir });
    const admins = await handle.db.select({ email: t.admins.email }).from(t.admins);
    expect(admins.map((a) => a.email)).toEqual(['an@example.be']);
    await handle.close();
  }, 300_000);

  /** The server on DATA_DIR for one call, closed again so that a command can open the folder. */
  async function callServer(method: 'GET' | 'POST', url: string, body?: object, token?: string) {
    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
    try {
      const answer = await app.inject({ method, url, payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: answer.statusCode, body: answer.json() as { data: { token: string } } };
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('user:passwd signs out every open session of that administrator', async () => {
    const login = await callServer('POST', '/api/login', { username: 'an@example.be', password: 'nog een geheim' });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    expect((await callServer('GET', '/api/me', undefined, token)).status).toBe(200);

    await cli(['passwd', 'an@example.be', '--password-stdin'], 'een derde geheim\n');
    expect((await callServer('GET', '/api/me', undefined, token)).status).toBe(401);
    expect((await callServer('POST', '/api/login', { username: 'an@example.be', password: 'nog een geheim' })).status).toBe(401);
    expect((await callServer('POST', '/api/login', { username: 'an@example.be', password: 'een derde geheim' })).status).toBe(200);
  }, 120_000);

  it("user:add names the database's reason when adding fails for another reason than an existing address", async () => {
    // The database itself refuses the row, as a full disk or a missing permission would.
    const handle = await openDatabase({ dataDir });
    await handle.db.execute(
      sql.raw(
        `create function refuse_admins() returns trigger language plpgsql as $$ begin raise exception 'geen schrijfrechten op admins'; end $$`,
      ),
    );
    await handle.db.execute(sql.raw(`create trigger refuse_admins before insert on admins for each row execute function refuse_admins()`));
    await handle.close();
    const failed = cli(['add', 'piet@example.be']);
    await expect(failed).rejects.toMatchObject({
      stderr: expect.stringContaining('Gebruiker piet@example.be niet toegevoegd: geen schrijfrechten op admins'),
    });
    await expect(failed).rejects.toMatchObject({ stderr: expect.not.stringContaining('bestaat al') });
  });
});
