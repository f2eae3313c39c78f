import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download as downloadFile, readCsv } from '../helpers/files.js';

const YEAR = new Date().getFullYear();

interface Family {
  id: number;
  reference: string;
  firstname: string;
  child_number: string;
  parent_number: string;
}

/**
 * National register numbers (issue 20): no list answer carries them, and the overview's search by national number
 * goes through searchSubscriptions, which answers only whole numbers.
 */
describe.each(backends)('national register numbers on %s', (backend) => {
  let t: TestApp;
  let families: Family[];
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 12 });
    families = await queryRows<Family>(
      t.db,
      sql`select s.id, s.reference, ch.firstname, ch.nationalnr as child_number, pa.nationalnr as parent_number
          from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${YEAR} and ch.nationalnr is not null and pa.nationalnr is not null
          order by s.id`,
    );
    expect(families.length).toBeGreaterThan(3);
  });
  afterAll(async () => t?.close());

  /** Every subscription of the year that holds this national number, as the database says. */
  const holding = (number: string) =>
    queryRows<{ id: number }>(
      t.db,
      sql`select s.id from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${YEAR}
            and (ch.nationalnr = ${number} or pa.nationalnr = ${number}) order by s.id`,
    ).then((rows) => rows.map((r) => r.id));
  const search = async (q: string, year = YEAR) => {
    const answer = await t.call('GET', `/api/searchSubscriptions?campYear=${year}&q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    return answer.body.data as number[];
  };

  it('getSubscriptions answers no national number of any child or parent', async () => {
    const answer = await t.call('GET', `/api/getSubscriptions?campYear=${YEAR}`);
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/NATIONALNR/);
    for (const family of families) {
      expect(text).not.toContain(family.child_number);
      expect(text).not.toContain(family.parent_number.replace(/\D/g, ''));
    }
  });

  it("searchSubscriptions finds the child's and the parent's whole number, with or without punctuation", async () => {
    const family = families[0]!;
    expect(await search(family.child_number)).toEqual(await holding(family.child_number));
    expect(await search(family.child_number)).toContain(family.id);
    expect(await search(family.child_number.replace(/\D/g, ''))).toContain(family.id);
    expect(await search(` ${family.parent_number.replace(/\D/g, '')} `)).toEqual(await holding(family.parent_number));
    // Every other word must occur in the overview's fields: the name or the reference.
    expect(await search(`${family.firstname} ${family.child_number}`)).toContain(family.id);
    expect(await search(`${family.reference} ${family.child_number}`)).toEqual([family.id]);
    expect(await search(`zzqx ${family.child_number}`)).toEqual([]);
    // A camp year without that family finds nothing.
    expect(await search(family.child_number, 1999)).toEqual([]);
  });

  it('searchSubscriptions finds no part of a number, so a number cannot be probed digit by digit', async () => {
    const digits = families[0]!.child_number.replace(/\D/g, '');
    expect(await search(digits.slice(0, 10))).toEqual([]);
    expect(await search(digits.slice(1))).toEqual([]);
    expect(await search(digits.slice(0, 6))).toEqual([]);
    expect(await search('x')).toEqual([]);
  });

  it('refuses a bad year or an overlong query with the error shape', async () => {
    const badYear = await t.call('GET', `/api/searchSubscriptions?campYear=twintig&q=12`);
    expect(badYear.status).toBe(400);
    expect(badYear.body.error?.fields).toHaveProperty('campYear');
    const overlong = await t.call('GET', `/api/searchSubscriptions?campYear=${YEAR}&q=${'9'.repeat(201)}`);
    expect(overlong.status).toBe(400);
    expect(overlong.body.error?.fields).toHaveProperty('q');
  });

  it("the overview's export still selects by a national number, the same rows searchSubscriptions finds", async () => {
    const family = families[1]!;
    const file = await downloadFile(
      t,
      `/api/exportSubscriptions?campYear=${YEAR}&format=csv&search=${encodeURIComponent(family.parent_number)}`,
    );
    const references = readCsv(file.body).records.map((r) => r.Referentie);
    const expected = await queryRows<{ reference: string }>(
      t.db,
      sql`select reference from subscriptions where id in (${sql.join(
        (await holding(family.parent_number)).map((id) => sql`${id}`),
        sql`, `,
      )}) and not cancelled`,
    );
    expect(references.sort()).toEqual(expected.map((r) => r.reference).sort());
    expect(references).toContain(family.reference);
    expect(file.body.toString('utf8')).not.toContain(family.parent_number);
  });
});
