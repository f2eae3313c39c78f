import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSession, type BrowserSession } from '../helpers/browser.js';

/** The scripts a page loads until the network is idle, each as the server sends it. */
async function loadedScripts(page: Page, url: string): Promise<{ url: string; body: Buffer }[]> {
  const urls = new Set<string>();
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.status() === 200) urls.add(response.url());
  };
  page.on('response', collect);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', collect);
  return Promise.all([...urls].map(async (script) => ({ url: script, body: await (await page.request.get(script)).body() })));
}

const gzipBytes = (scripts: { body: Buffer }[]) => scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
/** zod's object schema names itself so in its build: a script holding it defines zod schemas. */
const definesZodSchemas = (script: { body: Buffer }) => script.body.includes('$ZodObject');
const names = (scripts: { url: string }[]) => scripts.map((s) => new URL(s.url).pathname);

/** What the production build makes each page load (issue 22): the sign-in page only what it shows. */
describe('JavaScript the pages load, in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  it('/login loads at most 110 KB of JavaScript (gzip -9), none of it zod or the call table’s schemas', async () => {
    const page = await session.newPage({ signedIn: false });
    const scripts = await loadedScripts(page, '/login');
    expect(names(scripts.filter(definesZodSchemas))).toEqual([]);
    const bytes = gzipBytes(scripts);
    console.log(`/login loads ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip -9`);
    expect(bytes).toBeLessThanOrEqual(110 * 1024);
  });

  it('the subscriptions overview loads at most 160 KB of JavaScript (gzip -9), none of it zod', async () => {
    const page = await session.newPage();
    const scripts = await loadedScripts(page, '/subscription-overview');
    await page.locator('tbody tr[data-subscription-id]').first().waitFor();
    expect(names(scripts.filter(definesZodSchemas))).toEqual([]);
    const bytes = gzipBytes(scripts);
    console.log(`/subscription-overview loads ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip -9`);
    expect(bytes).toBeLessThanOrEqual(160 * 1024);
  });

  it('the public booking site /inschrijven/ loads at most 60 KB of JavaScript (gzip -9), none of it the staff app, React or zod', async () => {
    const page = await session.newPage({ signedIn: false });
    const scripts = await loadedScripts(page, '/inschrijven/');
    await page.locator('li[data-camp-id]').first().waitFor();
    const staff = await loadedScripts(await session.newPage({ signedIn: false }), '/login');
    expect(
      names(scripts).every((name) => name.startsWith('/inschrijven/assets/')),
      names(scripts).join(', '),
    ).toBe(true);
    expect(names(scripts).filter((name) => names(staff).includes(name))).toEqual([]);
    // The staff app's token key, its sign-in screen, React's own error link and zod's object schema: none is there.
    for (const marker of ['kampbeheer.token', 'Applicatie opstarten', 'react.dev/errors', '$ZodObject'])
      expect(
        scripts.filter((s) => s.body.includes(marker)).map((s) => s.url),
        marker,
      ).toEqual([]);
    const bytes = gzipBytes(scripts);
    console.log(`/inschrijven/ loads ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip -9`);
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
  });
});
