import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { kill, runToEnd, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const refusal = (dataDir: string, pid: number) => `De databank in ${dataDir} is in gebruik door proces ${pid}. Stop de server eerst.\n`;

async function settingsStatus(server: ServerProcess, token: string): Promise<number> {
  const answer = await fetch(`${server.baseUrl}/api/getSettings`, { headers: { authorization: `Bearer ${token}` } });
  return answer.status;
}

describe('one process at a time on the embedded database folder', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a second server and every writing command refuse with one line while a server runs; a killed server does not block a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kampbeheer-lock-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const seeding = await openDatabase({ dataDir });
    await addAdmin(seeding.db, TEST_ADMIN.email, TEST_ADMIN.password);
    await seeding.close();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'none' };

    const server = await startServerProcess(env);
    cleanups.push(() => kill(server));
    const pid = server.child.pid!;

    const second = await runToEnd(['server/src/server.ts'], { ...env, PORT: '0', HOST: '127.0.0.1' });
    expect([second.code, second.stderr, second.stdout]).toEqual([1, refusal(dataDir, pid), '']);

    const commands: [string, string[], string][] = [
      ['user:add', ['server/src/cli/users.ts', 'add', 'nieuw@kampbeheer.be', '--password-stdin'], 'een lang wachtwoord'],
      ['user:remove', ['server/src/cli/users.ts', 'remove', TEST_ADMIN.email], ''],
      ['user:passwd', ['server/src/cli/users.ts', 'passwd', TEST_ADMIN.email, '--password-stdin'], 'een ander lang wachtwoord'],
      ['db:seed', ['server/src/cli/seed.ts', '--year', '2030', '--subscriptions', '5'], ''],
    ];
    for (const [name, args, input] of commands) {
      const run = await runToEnd(args, env, input);
      expect([run.code, run.stderr, run.stdout], name).toEqual([1, refusal(dataDir, pid), '']);
    }

    // The refused commands changed nothing: the administrator still signs in with the old password.
    const token = await signIn(server.baseUrl);
    expect(await settingsStatus(server, token)).toBe(200);

    // A server killed without a chance to clean up leaves its lock behind; it must not block the restart.
    await kill(server);
    const restarted = await startServerProcess(env);
    cleanups.push(() => kill(restarted));
    expect(await settingsStatus(restarted, await signIn(restarted.baseUrl))).toBe(200);
    await kill(restarted);

    // With no server running, the commands work, and the next server sees what they did.
    const added = await runToEnd(commands[0]![1], env, commands[0]![2]);
    expect([added.code, added.stdout]).toEqual([0, 'Beheerder nieuw@kampbeheer.be toegevoegd.\n']);
    // The killed server left its database socket folder behind; the next process clears it and says so.
    expect(added.stderr).toMatch(/^(Ingebouwde databank: \d+ achtergebleven socketmap\(pen\) opgeruimd\.\n)?$/);
    const last = await startServerProcess(env);
    cleanups.push(() => kill(last));
    const login = await fetch(`${last.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nieuw@kampbeheer.be', password: 'een lang wachtwoord' }),
    });
    expect(login.status).toBe(200);
  }, 480_000);
});
