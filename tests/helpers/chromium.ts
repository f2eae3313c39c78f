import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** The browser tests and the benchmark start Chromium this way; no vitest here, so the benchmark can import it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (CI installs it). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the npm package @sparticuz/chromium ships, brotli-compressed, with the system libraries it needs
 * (NSS, NSPR, expat) and a font: unpacked once per version into a folder of the system's temporary folder, then
 * started with those libraries and that font beside whatever the system has. So `npm install && npm test` needs no
 * browser from the system. The package's own `executablePath()` unpacks into a shared `/tmp/chromium` and takes any
 * file there as done, so two test workers starting at once could run a half-written binary: here each unpacks into
 * a folder of its own, which is renamed into place whole, and the first one there wins.
 */
function packagedChromium(): { executablePath: string; env: Record<string, string> } {
  // The package's entry is build/cjs/index.cjs; its root holds package.json and bin/.
  const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '../..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const bin = path.join(root, 'bin');
  const folder = path.join(tmpdir(), `kampbeheer-chromium-${version}`);
  const executablePath = path.join(folder, 'chromium');
  if (!existsSync(executablePath)) {
    const staging = mkdtempSync(`${folder}-unpacking-`);
    try {
      writeFileSync(path.join(staging, 'chromium'), brotliDecompressSync(readFileSync(path.join(bin, 'chromium.br'))), { mode: 0o755 });
      // al2023.tar.br holds lib/ (the libraries), fonts.tar.br fonts/: tar is on every Linux.
      for (const archive of ['al2023.tar.br', 'fonts.tar.br']) {
        execFileSync('tar', ['-x', '-C', staging], { input: brotliDecompressSync(readFileSync(path.join(bin, archive))) });
      }
      writeFileSync(
        path.join(staging, 'fonts.conf'),
        `<?xml version="1.0"?>\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${folder}/fonts</dir>\n  <cachedir>${folder}/fonts-cache</cachedir>\n</fontconfig>\n`,
      );
      renameSync(staging, folder);
    } catch (error) {
      // Another process put its folder there first: that one is whole.
      if (!existsSync(executablePath)) throw error;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const libraries = [path.join(folder, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath, env: { LD_LIBRARY_PATH: libraries, FONTCONFIG_FILE: path.join(folder, 'fonts.conf') } };
}

/**
 * The Chromium to start: `CHROMIUM_PATH` when set, else Debian's at /usr/bin/chromium when it is there (CI installs
 * it), else the one the npm package @sparticuz/chromium ships.
 */
export function chromiumToLaunch(): Pick<LaunchOptions, 'executablePath' | 'env'> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH };
  if (statSync(DEBIAN_CHROMIUM, { throwIfNoEntry: false })?.isFile()) return { executablePath: DEBIAN_CHROMIUM };
  const packaged = packagedChromium();
  const inherited = Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { executablePath: packaged.executablePath, env: { ...Object.fromEntries(inherited), ...packaged.env } };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...chromiumToLaunch(), args: CHROMIUM_ARGS });
}
