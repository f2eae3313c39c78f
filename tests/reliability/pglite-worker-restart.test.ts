import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@common/messages.js';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/client.js';
import { DataFolderInUseError } from '../../server/src/db/data-folder-lock.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { createSubscription, parentPayload } from '../helpers/factory.js';

const unavailable = { error: { code: 'DATABASE_UNAVAILABLE', message: apiMessages.databaseUnavailable } };

describe('the embedded database worker dies', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('in-flight calls answer 503, the worker starts again on the same folder and lock, and the server serves again', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kampbeheer-worker-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await openDatabase({ dataDir });
    cleanups.push(() => database.close());
    await addAdmin(database.db, TEST_ADMIN.email, TEST_ADMIN.password);
    const made = await createSubscription(database.db);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
    cleanups.push(() => app.close());

    const call = async (method: 'GET' | 'POST', url: string, token: string | null, body?: object) => {
      const answer = await app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body } : {}),
      });
      return { status: answer.statusCode, body: answer.json() as unknown };
    };
    const signIn = async () => {
      const answer = await call('POST', '/api/login', null, { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
      expect(answer.status).toBe(200);
      return (answer.body as { data: { token: string } }).data.token;
    };
    const healthy = async () => {
      const deadline = Date.now() + 90_000;
      while ((await call('GET', '/api/health', null)).status !== 200) {
        if (Date.now() > deadline) throw new Error('the server did not recover');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const detail = `/api/getSubscriptionFullDetail?id=${made.subscriptionId}`;
    const token = await signIn();
    expect((await call('GET', detail, token)).status).toBe(200);

    // An exception in the worker while it serves a call: that call answers 503.
    database.embedded!.crashOnNextQuery();
    await database.ping(); // the ping passes the same port after the hook, so the hook is armed
    const inFlight = await call('POST', '/api/updateSubscriberParent', token, parentPayload(made.parentId));
    expect([inFlight.status, inFlight.body]).toEqual([503, unavailable]);

    await healthy();
    expect(database.embedded!.restarts).toBe(1);
    // Same folder: the session, the subscription and everything else are still there, and writes work.
    expect((await call('GET', detail, token)).status).toBe(200);
    expect((await call('POST', '/api/updateSubscriberParent', token, parentPayload(made.parentId))).status).toBe(200);
    // The data-folder lock stayed with this process the whole time.
    expect((await readFile(path.join(dataDir, 'kampbeheer.lock'), 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataFolderInUseError);

    // The worker ended outright (as an out-of-memory kill would): 503 at once, then back by itself.
    await database.embedded!.terminate();
    const down = await call('GET', '/api/health', null);
    expect([down.status, down.body]).toEqual([503, unavailable]);
    const duringRestart = await call('GET', detail, token);
    expect([200, 503]).toContain(duringRestart.status);
    await healthy();
    expect(database.embedded!.restarts).toBe(2);
    expect((await call('GET', detail, token)).status).toBe(200);
    expect((await call('GET', '/api/getSettings', await signIn())).status).toBe(200);
  }, 240_000);
});
