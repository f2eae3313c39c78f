import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { createCamp, createMonitor, createPeriod } from '../helpers/factory.js';
import { addUser, signIn } from '../helpers/users.js';

/**
 * The planning's week rule (issue 36) under concurrency, on PostgreSQL only (PGlite runs one transaction at a time):
 * two planners who put one monitor on different camps of the same week at the same moment. assignMonitor checks
 * 'not in two camps that week' under the monitor's row lock (server/src/features/planning/service.ts), so one
 * assignment wins and the others answer DOUBLE_WEEK. Without the lock each transaction reads no other camp that week
 * and the monitor ends up on several.
 */
describe('two planners assigning one monitor in the same week on PostgreSQL', () => {
  let t: TestApp;
  const year = new Date().getFullYear() + 1;
  const planners: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('postgres', { seed: 'none' });
    for (const email of ['planner-een@kampbeheer.be', 'planner-twee@kampbeheer.be']) {
      await addUser(t.db, email, 'medewerker');
      planners.push(await signIn(t, email));
    }
  });
  afterAll(async () => t?.close());

  const assign = async (monitorId: number, campId: number, token: string) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await t.api.assignMonitor({ MONITOR_ID: monitorId, CAMP_ID: campId, HEAD: true }, { token });
      if (answer.status !== 503 || attempt === 5) return answer.status < 400 ? answer.status : answer.body.error.code;
    }
  };

  it('puts the monitor on exactly one camp of the week, in every one of 8 rounds of 4 camps', async () => {
    for (let round = 0; round < 8; round++) {
      // A Monday and the Wednesday of the same week: periods that differ but share the week.
      const monday = `${year}-07-${String(6 + 7 * (round % 4)).padStart(2, '0')}`;
      const wednesday = `${year}-07-${String(8 + 7 * (round % 4)).padStart(2, '0')}`;
      const periods = [await createPeriod(t.db, { startDate: monday }), await createPeriod(t.db, { startDate: wednesday })];
      const camps = [
        await createCamp(t.db, { periodId: periods[0] }),
        await createCamp(t.db, { periodId: periods[1] }),
        await createCamp(t.db, { periodId: periods[0] }),
        await createCamp(t.db, { periodId: periods[1] }),
      ];
      const monitorId = await createMonitor(t.db);
      const available = await t.api.saveAvailability({ MONITOR_ID: monitorId, PERIOD_IDS: periods });
      expect(available.status).toBe(200);

      const answers = await Promise.all(camps.map((campId, i) => assign(monitorId, campId, planners[i % 2]!)));
      expect(answers.filter((a) => a === 200)).toHaveLength(1);
      expect(answers.filter((a) => a === 'DOUBLE_WEEK')).toHaveLength(3);
      const planned = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from monitor_assignments where monitor_id = ${monitorId}`,
      );
      expect(planned[0]!.n).toBe(1);
    }
  });
});
