import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSession, type BrowserSession } from '../helpers/browser.js';

const SIGN_IN_LINE = 'Applicatie opstarten...';
const ROW = 'tbody tr[data-subscription-id]';

/** What the app's root held after each change of the page, recorded from before the page's own scripts run. */
declare global {
  interface Window {
    rootStates: { text: string; rows: number }[];
  }
}

/**
 * Issue 22: with a stored sign-in, the app's first render waits for the screen it opens on (its code, its data and
 * the sign-in check), so the overview is drawn once, with its rows, instead of the sign-in line, the frame and the
 * screen one after the other. Until then the page shows the sign-in line (spec section 2).
 */
describe('the first render of the overview in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 20 });
  });
  afterAll(async () => session?.close());

  it('shows the sign-in line, then the overview with its first rows in the app’s first render', async () => {
    const page = await session.newPage();
    await page.addInitScript(
      ({ row }) => {
        window.rootStates = [];
        new MutationObserver(() => {
          const root = document.getElementById('root');
          if (root) window.rootStates.push({ text: root.textContent ?? '', rows: root.querySelectorAll(row).length });
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      { row: ROW },
    );
    for (const visit of ['opening the overview', 'opening it again']) {
      await page.goto('/subscription-overview');
      await page.locator(ROW).first().waitFor();
      const states = await page.evaluate(() => window.rootStates);
      const before = states.filter((state) => state.text === SIGN_IN_LINE);
      const rendered = states.find((state) => state.text !== SIGN_IN_LINE && state.text !== '');
      expect(before.length, visit).toBeGreaterThan(0);
      expect(rendered?.rows, `${visit}: the rows in the first render`).toBeGreaterThan(0);
    }
  });
});
