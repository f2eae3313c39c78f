import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { literally } from './text.js';

/** A failed load is retried with back-off before it shows, and the shared machine is slow: a UI state gets 20 s, not 1. */
export const UI_TIMEOUT_MS = 20_000;

/** Polls until the value matches, as a user waits for a screen to settle. */
export const eventually = <T>(value: () => T | Promise<T>, timeout = UI_TIMEOUT_MS) => expect.poll(value, { timeout });

/** Answers a routed call as a failing server does: 500 with the API's error body. */
export const serverError = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) });

/** The input of a label; a required field's label ends in a '*' that screen readers skip. */
export const field = (scope: Page | Locator, label: string): Locator => scope.getByLabel(new RegExp(`^${literally(label)}\\*?$`));

/** The message a field shows, found as a screen reader finds it (aria-describedby); empty when it has none. */
export async function fieldError(scope: Page | Locator, label: string): Promise<string> {
  const input = field(scope, label);
  const id = await input.getAttribute('aria-describedby');
  if (!id) return '';
  return (await input.page().locator(`[id="${id}"]`).textContent()) ?? '';
}

/** A card of a screen, found by its title. */
export const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** The submit button of the screen's form. */
export const saveButton = (page: Page): Locator => page.locator('form button[type=submit]').first();

/**
 * Stops the page's clock: from here timers fire only when the test moves time with `page.clock.runFor`, so a
 * duration is asserted exactly and never against the wall clock. Install the clock before the page loads, and
 * resume it before waiting for data: react-query passes its results on through a zero-delay timer.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A few seconds ahead: the page's time runs on while this call travels, and pauseAt only goes forward.
  await page.clock.pauseAt(now + 5000);
}

/** Asserts on a paused clock that a state lasts `ms`: still there 1 ms before, gone once `ms` have passed. */
export async function expectLasts(page: Page, ms: number, holds: () => Promise<boolean>): Promise<void> {
  expect(await holds(), 'the state shows at the start').toBe(true);
  await page.clock.runFor(ms - 1);
  expect(await holds(), `the state still shows after ${ms - 1} ms`).toBe(true);
  await page.clock.runFor(1);
  await eventually(holds).toBe(false);
}

/** Opens a subscription's detail screen and waits until it shows the subscription. */
export async function openDetail(page: Page, subscription: { subscriptionId: number; reference: string }): Promise<void> {
  await page.goto(`/subscription-detail/${subscription.subscriptionId}`);
  const title = page.getByRole('heading', { level: 1, name: new RegExp(subscription.reference) });
  try {
    await title.waitFor({ timeout: UI_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`detail ${subscription.subscriptionId} did not open; the page reads: ${await page.locator('body').innerText()}`, {
      cause: error,
    });
  }
}

/** A value of the subscription detail's financial card, by its label. */
export async function financialValue(page: Page, label: string): Promise<string> {
  return (await card(page, 'Financieel').locator(`dt:text-is("${label}") + dd`).textContent()) ?? '';
}

/** Holds every call to one API path until released, to see the states in between. */
export async function holdCalls(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let passed!: () => void;
  const passedOn = new Promise<void>((resolve) => (passed = resolve));
  await page.route(`**/api/${path}`, async (route) => {
    await released;
    await route.continue();
    passed();
  });
  return async () => {
    release();
    await passedOn;
    await page.unroute(`**/api/${path}`);
  };
}

/** Makes one API path answer a refusal with its Dutch message (status 409 a CONFLICT, else a server error). */
export async function refuseCalls(page: Page, path: string, status: number, message: string): Promise<void> {
  await page.route(`**/api/${path}`, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: status === 409 ? 'CONFLICT' : 'INTERNAL', message } }),
    }),
  );
}

/** Makes one API path fail with a server error, as a broken server would. */
export async function failCalls(page: Page, path: string): Promise<void> {
  await page.route(`**/api/${path}`, serverError);
}

/** What both delete dialogs of a subscription say about where it goes (issue 39): the Prullenbak, not gone for good. */
export const DELETE_SUBSCRIPTION_TRUTH =
  'Ze verdwijnt uit elke lijst en gaat naar de Prullenbak. Daar kan ze teruggezet worden, tot de Prullenbak na de bewaartermijn definitief gewist wordt.';
