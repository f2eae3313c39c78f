import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_GIRL } from '@common/constants.js';
import { isValidIban, isValidNationalNumber } from '@common/identity-numbers.js';
import { isValidOgm } from '@common/ogm.js';
import { queryRows, type DatabaseHandle } from '../../server/src/db/client.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';
import { openTestDatabase } from '../helpers/database.js';

/** The demo data must look real (decisions.md section 8): every OGM, national number and IBAN passes its check. */
describe('check digits of the demo data', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    await seedDemoData(handle.db, { subscriptionsPerYear: 30 });
  });
  afterAll(async () => handle?.close());

  const column = async (query: ReturnType<typeof sql>) => (await queryRows<{ v: string }>(handle.db, query)).map((r) => r.v);

  it('gives every subscription a valid, unique OGM', async () => {
    const ogms = await column(sql`select ogm as v from subscriptions`);
    expect(ogms.length).toBeGreaterThan(100);
    expect(ogms.filter((ogm) => !isValidOgm(ogm))).toEqual([]);
    expect(new Set(ogms).size).toBe(ogms.length);
  });

  it('gives children, parents and monitors valid national numbers that match their birth date and gender', async () => {
    const numbers = [
      ...(await column(sql`select nationalnr as v from children`)),
      ...(await column(sql`select nationalnr as v from parents`)),
      ...(await column(sql`select nationalnr as v from monitors where nationalnr is not null`)),
    ];
    expect(numbers.length).toBeGreaterThan(200);
    expect(numbers.filter((n) => !isValidNationalNumber(n))).toEqual([]);

    const children = await queryRows<{ nationalnr: string; birthdate: string; gender_id: number }>(
      handle.db,
      sql`select nationalnr, birthdate::text, gender_id from children`,
    );
    for (const child of children) {
      const [year, month, day] = child.birthdate.split('-');
      expect(child.nationalnr.slice(0, 8)).toBe(`${year!.slice(2)}.${month}.${day}`);
      // The sequence number is even for girls and odd for boys.
      const sequence = Number(child.nationalnr.slice(9, 12));
      expect(sequence % 2 === 0, child.nationalnr).toBe(child.gender_id === GENDER_GIRL);
    }
  });

  it('gives every paid transfer and monitor account a valid Belgian IBAN', async () => {
    const ibans = [
      ...(await column(sql`select paid_account_nr as v from subscriptions where paid_account_nr is not null`)),
      ...(await column(sql`select account_nr as v from monitors where account_nr is not null`)),
    ];
    expect(ibans.length).toBeGreaterThan(20);
    expect(ibans.filter((iban) => !/^BE\d{14}$/.test(iban) || !isValidIban(iban))).toEqual([]);
  });
});
