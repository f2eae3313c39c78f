import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
};

/** The Node versions the README promises: the lowest the project declares, and the current LTS lines. */
const SUPPORTED_NODE = ['20.19.0', '22.13.0', '24.0.0'];

describe('Node versions', () => {
  it('the declared engines range covers every supported Node version', () => {
    for (const version of SUPPORTED_NODE) expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    expect(semver.satisfies(process.version, manifest.engines.node), `this machine's ${process.version}`).toBe(true);
  });

  it('no installed package asks for a Node version the project supports not (npm would warn EBADENGINE)', () => {
    const refusing: string[] = [];
    let checked = 0;
    for (const [location, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!location || !range) continue;
      checked++;
      for (const version of SUPPORTED_NODE) {
        if (!semver.satisfies(version, range)) refusing.push(`${location}@${entry.version} needs node ${range}, not ${version}`);
      }
    }
    expect(refusing).toEqual([]);
    console.log(`${checked} locked packages declare a Node range; all accept Node ${SUPPORTED_NODE.join(', ')}`);
  });
});
