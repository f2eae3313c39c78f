import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp, type TestAppOptions } from './api.js';
import { launchChromium } from './chromium.js';

const require = createRequire(import.meta.url);
const axeSource = require('fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') as string;

export interface BrowserSession {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  /** A fresh browser context and page; signed in through the API unless signedIn is false. */
  newPage(options?: { signedIn?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/** The real server on a fresh PGlite database with demo data, listening on a free port, and Chromium. */
export async function startBrowserSession(options: TestAppOptions = {}): Promise<BrowserSession> {
  const t = await startTestApp('pglite', options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    t,
    browser,
    baseUrl,
    newPage: async ({ signedIn = true } = {}) => {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'nl-BE', timezoneId: 'Europe/Brussels' });
      contexts.push(context);
      const page = await context.newPage();
      if (signedIn) {
        const login = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
        const token = (login.body.data as { token: string }).token;
        await page.goto('/login');
        await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
      }
      return page;
    },
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await t.close();
    },
  };
}

/** The families' site on a phone (360 × 740, Dutch, Brussels time), signed in with the family's session token. */
export async function familyOnPhone(session: BrowserSession, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({
    baseURL: session.baseUrl,
    viewport: { width: 360, height: 740 },
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
  });
  await context.addInitScript((value) => localStorage.setItem('inschrijven.token', value), token);
  return { context, page: await context.newPage() };
}

/** Runs axe-core in the page and fails on serious or critical violations, naming them. */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  // A colour or opacity transition still running (a modal fading in, a button turning green) shows axe a mixed
  // colour, so the check waits until three frames in a row have no finite animation running; a transition that
  // starts a frame after its element appears (a modal's 'show') is caught too.
  // The pointer goes to the corner first: left where the last click put it, it lands on another button when the page
  // scrolls (a fill scrolls its field into view, axe scrolls to measure), whose hover transition then runs during axe.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity);
    for (let quietFrames = 0; quietFrames < 3;) {
      await frame();
      const animations = running();
      quietFrames = animations.length === 0 ? quietFrames + 1 : 0;
      await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes
            // The summary says what axe measured (for contrast: the colours and the ratio).
            .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
            .slice(0, 3)
            .join(', ')})`,
      );
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * A screen checked as a user meets it: no serious axe violations, with `fitsScreen` nothing wider than the screen (the
 * public site on a phone), and a screenshot of the whole page when SCREENSHOTS names a folder.
 */
export async function checkScreen(page: Page, label: string, { fitsScreen = false } = {}): Promise<void> {
  await expectNoSeriousAxeViolations(page, label);
  if (fitsScreen) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${label}: wider than the screen`).toBeLessThanOrEqual(0);
  }
  const shots = process.env.SCREENSHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/${label.replace(/\W+/g, '-')}.png`, fullPage: true });
  }
}
