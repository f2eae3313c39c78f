import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDutch } from '@common/sort.js';
import type { LocationRecord, PeriodRecord } from '@common/schemas/taxonomy.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';

describe.each(backends)('getTaxonomy on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 2 });
  });
  afterAll(async () => t?.close());

  it('answers locations with their own booking start and info', async () => {
    const answer = await t.api.getTaxonomy({ type: 'location' });
    expect(answer.status).toBe(200);
    const locations = answer.body.data as LocationRecord[];
    expect(locations).toHaveLength(6);
    const names = locations.map((l) => l.LOCATION_NAME);
    expect(names).toEqual([...names].sort(compareDutch));
    expect(Object.keys(locations[0]!).sort()).toEqual(
      ['LOCATION_ALLOW_BOOKING_FROM', 'LOCATION_ALLOW_BOOKING_INFO', 'LOCATION_ID', 'LOCATION_NAME', 'LOCATION_NAME_SHORT'].sort(),
    );
    const inheriting = locations.find((l) => l.LOCATION_ALLOW_BOOKING_FROM !== null)!;
    expect(inheriting.LOCATION_ALLOW_BOOKING_FROM).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(inheriting.LOCATION_ALLOW_BOOKING_INFO).toBeTruthy();
  });

  it('answers the periods of one year, those that start in it, sorted by name', async () => {
    const periods = (await t.api.getTaxonomy({ type: 'period', year: 2024 })).body.data as PeriodRecord[];
    expect(periods.length).toBe(12);
    expect(periods.every((p) => p.PERIOD_STARTDATE.startsWith('2024-'))).toBe(true);
    const names = periods.map((p) => p.PERIOD_NAME);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl-BE', { numeric: true })));
    const all = (await t.api.getTaxonomy({ type: 'period' })).body.data as PeriodRecord[];
    expect(all.length).toBeGreaterThan(periods.length);
  });

  it('answers themes, one theme by id, and an empty list for an unknown theme', async () => {
    const themes = (await t.api.getTaxonomy({ type: 'theme' })).body.data as { THEME_ID: number; THEME_NAME: string }[];
    expect(themes.length).toBe(8);
    const one = await t.api.getTaxonomy({ type: 'theme', themeId: themes[1]!.THEME_ID });
    expect(one.body.data).toEqual([themes[1]]);
    expect((await t.api.getTaxonomy({ type: 'theme', themeId: 99999 })).body.data).toEqual([]);
  });

  it('answers age groups and the two payment methods', async () => {
    expect(((await t.api.getTaxonomy({ type: 'agegroup' })).body.data as unknown[]).length).toBe(4);
    expect((await t.api.getTaxonomy({ type: 'paymentmethod' })).body.data).toEqual([
      { PAYMENTMETHOD_ID: 1, PAYMENTMETHOD_DESCRIPTION: 'Contante betaling' },
      { PAYMENTMETHOD_ID: 2, PAYMENTMETHOD_DESCRIPTION: 'Overschrijving' },
    ]);
  });

  it('refuses an unknown type or a bad year with 400 and the Dutch message', async () => {
    const unknown = await t.unchecked.getTaxonomy({ type: 'planet' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ type: 'Foutief formaat' });
    const badYear = await t.api.getTaxonomy({ type: 'period', year: 'twintig' });
    expect(badYear.status).toBe(400);
    expect(badYear.body.error.fields).toEqual({ year: 'Foutief formaat' });
  });
});
