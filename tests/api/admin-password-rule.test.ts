import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '@common/schemas/auth.js';
import { openDatabase } from '../../server/src/db/client.js';
import * as t from '../../server/src/db/schema.js';
import { programArgs } from '../helpers/server-process.js';

const root = path.resolve(import.meta.dirname, '../..');

/** user:add with a password from standard input; resolves with its exit code and output. */
function addAdmin(dataDir: string, password: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, programArgs('server/src/cli/users.ts', 'add', 'an@example.be', '--password-stdin'), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
    child.stdin!.end(`${password}\n`);
  });
}

describe('user:add applies the password rule', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a common password and one longer than sign-in accepts, and adds nobody', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kampbeheer-password-rule-'));
    const [common, tooLong] = await Promise.all([
      addAdmin(dataDir, 'Welkom2024!!'),
      addAdmin(dataDir, 'x'.repeat(PASSWORD_MAX_LENGTH + 1)),
    ]);
    expect(common).toMatchObject({ code: 1, stderr: expect.stringContaining('veelgebruikte wachtwoorden') });
    expect(tooLong).toMatchObject({ code: 1, stderr: expect.stringContaining('hoogstens 1000 tekens') });
    const handle = await openDatabase({ dataDir });
    try {
      expect(await handle.db.select().from(t.admins)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
