import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopySeasonResult, PeriodAdminRecord } from '@common/schemas/season.js';
import { sameWeekdayInYear } from '@common/season/dates.js';
import { auditLog, camps, periods } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe('the same weekday in another year', () => {
  it('moves a date by whole years onto its own weekday, at most three days away', () => {
    expect(sameWeekdayInYear('2025-07-07', 2)).toBe('2027-07-05'); // Monday to Monday
    expect(sameWeekdayInYear('2024-02-29', 1)).toBe('2025-02-27'); // Thursday, no 29 February in 2025
    for (const date of ['2025-01-01', '2025-02-24', '2025-10-27', '2025-12-31']) {
      const moved = sameWeekdayInYear(date, 2);
      expect(weekday(moved)).toBe(weekday(date));
      expect(Math.abs(Date.parse(moved) - Date.parse(`${2027}${date.slice(4)}`)) / 86_400_000).toBeLessThanOrEqual(3);
    }
  });
});

describe.each(backends)('copySeason on %s', (backend) => {
  let t: TestApp;
  const from = new Date().getFullYear();
  const to = from + 2;
  // The demo has camp years up to next year; year+2 has nothing yet. On the server it is next year already, so
  // year+2 is a camp year the selector offers (2021 up to next year).
  const clock = controlledClock(new Date(`${from + 1}-06-01T10:00:00Z`));
  const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 40, clock });
  });
  afterAll(async () => t?.close());

  const campsOfYear = (year: number) =>
    t.db
      .select({ camp: camps, period: periods })
      .from(camps)
      .innerJoin(periods, eq(periods.id, camps.periodId))
      .where(sql`extract(year from ${periods.startDate}) = ${year}`);

  it('refuses the same year and a bad percentage, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    const same = await t.api.copySeason({ fromYear: from, toYear: from, priceIncreasePercent: 0, dryRun: false });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ toYear: 'Het doeljaar moet verschillen van het bronjaar.' });
    const bad = await t.unchecked.copySeason({ fromYear: from, toYear: to, priceIncreasePercent: -5 });
    expect(bad.body.error.fields).toEqual({ priceIncreasePercent: 'Foutief formaat' });
    expect((await t.unchecked.copySeason({ toYear: to })).body.error.fields).toEqual({ fromYear: 'Veld verplicht' });
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('refuses a year the camp-year selector does not offer (2021 up to next year): nobody could open the copies (issue 39)', async () => {
    const before = await databaseDigest(t.db);
    const message = `Kies een kampjaar van 2021 tot en met ${from + 2}: andere jaren kan niemand openen.`;
    const tooLate = await t.api.copySeason({ fromYear: from, toYear: from + 3, priceIncreasePercent: 0, dryRun: true });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error.fields).toEqual({ toYear: message });
    const tooEarly = await t.api.copySeason({ fromYear: 2020, toYear: from, priceIncreasePercent: 0, dryRun: true });
    expect(tooEarly.body.error.fields).toEqual({ fromYear: message });
    // A year earlier on the server, year+2 is not offered yet.
    clock.advance(-YEAR_MS);
    try {
      const notYet = await t.api.copySeason({ fromYear: from, toYear: to, priceIncreasePercent: 0, dryRun: true });
      expect(notYet.body.error.fields).toEqual({
        toYear: `Kies een kampjaar van 2021 tot en met ${from + 1}: andere jaren kan niemand openen.`,
      });
    } finally {
      clock.advance(YEAR_MS);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('a dry run answers the plan and changes nothing', async () => {
    const source = await campsOfYear(from);
    const before = await databaseDigest(t.db);
    const answer = await t.api.copySeason({ fromYear: from, toYear: to, priceIncreasePercent: 5, dryRun: true });
    expect(answer.status).toBe(200);
    const plan = answer.body.data as CopySeasonResult;
    expect(plan.dryRun).toBe(true);
    expect(plan.created).toHaveLength(source.length);
    expect(plan.skipped).toEqual([]);
    expect(plan.created.every((c) => c.CAMP_ID === null)).toBe(true);
    expect(plan.periods).toHaveLength(12);
    expect(plan.periods.every((p) => p.CREATED && p.PERIOD_ID === null)).toBe(true);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('copies every camp into year+2: periods on the same weekday, closed, price +5 %, birth years and days shifted', async () => {
    const source = await campsOfYear(from);
    const sourcePeriods = (await t.api.getPeriods({ year: from })).body.data as PeriodAdminRecord[];
    const answer = await t.api.copySeason({ fromYear: from, toYear: to, priceIncreasePercent: 5, dryRun: false });
    expect(answer.status).toBe(200);
    const result = answer.body.data as CopySeasonResult;
    expect(result.created).toHaveLength(source.length);
    expect(result.skipped).toEqual([]);

    const targetPeriods = (await t.api.getPeriods({ year: to })).body.data as PeriodAdminRecord[];
    expect(targetPeriods.map((p) => p.PERIOD_NAME)).toEqual(sourcePeriods.map((p) => p.PERIOD_NAME));
    for (const [i, target] of targetPeriods.entries()) {
      const original = sourcePeriods[i]!;
      expect(target.PERIOD_NAME_SHORT).toBe(original.PERIOD_NAME_SHORT);
      expect(target.PERIOD_STARTDATE).toBe(sameWeekdayInYear(original.PERIOD_STARTDATE, 2));
      expect(weekday(target.PERIOD_STARTDATE)).toBe(1);
      expect(weekday(target.PERIOD_ENDDATE)).toBe(5);
    }

    const copies = await campsOfYear(to);
    expect(copies).toHaveLength(source.length);
    expect(copies.every((c) => c.camp.closed)).toBe(true);
    for (const created of result.created) {
      const original = source.find((s) => s.camp.id === created.SOURCE_CAMP_ID)!;
      const copy = copies.find((c) => c.camp.id === created.CAMP_ID)!;
      expect(copy.period.name).toBe(original.period.name);
      expect([copy.camp.locationId, copy.camp.themeId, copy.camp.agegroupId]).toEqual([
        original.camp.locationId,
        original.camp.themeId,
        original.camp.agegroupId,
      ]);
      expect(copy.camp.priceCents).toBe(Math.round(original.camp.priceCents * 1.05));
      expect(copy.camp.seatsAvailable).toBe(original.camp.seatsAvailable);
      expect([copy.camp.minBirthyear, copy.camp.maxBirthyear]).toEqual([original.camp.minBirthyear + 2, original.camp.maxBirthyear + 2]);
      expect(copy.camp.emailTemplateConfirm).toBe(original.camp.emailTemplateConfirm);
      const days = copy.camp.activeDays.split(',');
      expect(days.length).toBe(original.camp.activeDays.split(',').length);
      expect(days.every((d) => d >= copy.period.startDate && d <= copy.period.endDate)).toBe(true);
      expect(days.map(weekday)).toEqual(original.camp.activeDays.split(',').map(weekday));
    }
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'copySeason'));
    expect(audited.filter((a) => a.entity === 'camp')).toHaveLength(source.length);
    expect(audited.filter((a) => a.entity === 'period')).toHaveLength(12);
  });

  it('running it again creates nothing and names every camp as skipped', async () => {
    const before = await databaseDigest(t.db);
    const again = (await t.api.copySeason({ fromYear: from, toYear: to, priceIncreasePercent: 5, dryRun: false })).body
      .data as CopySeasonResult;
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength((await campsOfYear(from)).length);
    expect(again.skipped.every((s) => s.REASON === 'Bestaat al in het doeljaar')).toBe(true);
    expect(again.periods.every((p) => !p.CREATED && p.PERIOD_ID !== null)).toBe(true);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
