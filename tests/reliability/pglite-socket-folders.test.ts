import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleSocketFolders, startPgliteWorker } from '../../server/src/db/pglite-host.js';

/** A real process: one that already ended, or one that runs until the test ends it. */
async function endedProcessId(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('socket folders of the embedded database', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kampbeheer-test-sockets-'));
  const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)']);
  afterAll(() => {
    running.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('removes the folders of processes that are gone, and only those', async () => {
    const dead = await endedProcessId();
    const make = (name: string, withSocket = true) => {
      mkdirSync(path.join(folder, name));
      if (withSocket) writeFileSync(path.join(folder, name, '.s.PGSQL.5432'), '');
      return name;
    };
    const ofDead = make(`kampbeheer-pglite-${dead}-aB3dEf`);
    const emptyOfDead = make(`kampbeheer-pglite-${dead}-Zy9xWv`, false);
    const ofRunning = make(`kampbeheer-pglite-${running.pid}-q1w2e3`);
    const ofThisProcess = make(`kampbeheer-pglite-${process.pid}-r4t5y6`);
    const withoutOwner = make('kampbeheer-pglite-Xy12Ab');
    const someoneElses = make('other-program-123-abc');

    expect(removeStaleSocketFolders(folder).sort()).toEqual([ofDead, emptyOfDead].sort());
    expect(readdirSync(folder).sort()).toEqual([ofRunning, ofThisProcess, withoutOwner, someoneElses].sort());
  });

  it('a worker names its folder after its process and removes it when it stops', async () => {
    const host = await startPgliteWorker(null);
    expect(path.basename(host.connection.host)).toMatch(new RegExp(`^kampbeheer-pglite-${process.pid}-`));
    expect(existsSync(host.connection.host)).toBe(true);
    await host.stop();
    expect(existsSync(host.connection.host)).toBe(false);
  }, 180_000);
});
