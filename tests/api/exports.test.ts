import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import { monitors } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download as downloadFile, readCsv, readXlsx } from '../helpers/files.js';
import { createMonitor, createSubscription } from '../helpers/factory.js';

const YEAR = new Date().getFullYear();

interface Expected {
  id: number;
  reference: string;
  ogm: string;
  email: string;
  phone: string;
  firstname: string;
  lastname: string;
  cancelled: boolean;
  method: number;
  location: number;
  price: number;
  paid_amount: number;
  discount: number;
}

describe.each(backends)('exportSubscriptions and exportMonitors on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 60, env: {} });
    // A cancelled one of this year with a known money state, to find in the cancelled-only export.
    const [camp] = await queryRows<{ id: number }>(
      t.db,
      sql`select c.id from camps c join periods p on p.id = c.period_id where extract(year from p.start_date) = ${YEAR} order by c.id limit 1`,
    );
    await createSubscription(t.db, {
      campId: camp!.id,
      childFirstname: 'Céline',
      childLastname: 'Öztürk',
      cancelled: true,
      priceCents: 12950,
      paidAmountCents: 5000,
      paid: true,
      discounts: [{ kind: 'extra', amountCents: 1000 }],
      paymentMethodId: PAYMENT_METHOD.cash,
    });
  });
  afterAll(async () => t?.close());

  const download = (url: string) => downloadFile(t, url);

  /** Every subscription of the year as the database holds it, independent of the code under test. */
  const subscriptionsOfYear = () =>
    queryRows<Expected>(
      t.db,
      sql`select s.id, s.reference, s.ogm, pa.email, pa.phone, ch.firstname, ch.lastname, s.cancelled,
                 s.payment_method_id as method, c.location_id as location, s.camp_price_cents as price,
                 s.paid_amount_cents as paid_amount,
                 coalesce((select sum(amount_cents) from subscription_discounts d where d.subscription_id = s.id), 0)::int as discount
          from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          where extract(year from p.start_date) = ${YEAR}`,
    );

  it('exports the subscriptions a location and payment method select as xlsx: euro cells, OGM, reference, parent e-mail and phone', async () => {
    const all = await subscriptionsOfYear();
    const location = all.find((s) => !s.cancelled)!.location;
    const expected = all.filter((s) => !s.cancelled && s.location === location && s.method === PAYMENT_METHOD.bankTransfer);
    expect(expected.length).toBeGreaterThan(0);
    const file = await download(
      `/api/exportSubscriptions?campYear=${YEAR}&format=xlsx&locationId=${location}&paymentMethodId=${PAYMENT_METHOD.bankTransfer}`,
    );
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toBe(`attachment; filename="inschrijvingen-${YEAR}.xlsx"`);
    const { sheet, header, rows } = await readXlsx(file.body);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(header).toEqual(
      expect.arrayContaining(['Kamp', 'Kampprijs', 'Korting', 'Te betalen', 'Betaald', 'Betaalwijze', 'Betaalstatus']),
    );
    expect(header).toEqual(expect.arrayContaining(['Referentie', 'OGM', 'E-mail ouder', 'Telefoon ouder', 'Telefoon 2 ouder']));
    expect(rows.map((r) => r.value('Referentie')).sort()).toEqual(expected.map((s) => s.reference).sort());
    for (const row of rows) {
      const s = expected.find((e) => e.reference === row.value('Referentie'))!;
      expect(row.value('OGM')).toBe(s.ogm);
      expect(row.value('E-mail ouder')).toBe(s.email);
      expect(row.value('Telefoon ouder')).toBe(s.phone);
      expect(row.value('Kampprijs')).toBe(s.price / 100);
      expect(row.value('Te betalen')).toBe((s.price - s.discount) / 100);
      expect(row.value('Betaald')).toBe(s.paid_amount / 100);
      expect(row.value('Betaalwijze')).toBe('Overschrijving');
      expect(row.numFmt('Te betalen')).toContain('€');
    }
    // In the overview's order: by the child's last name.
    const lastNames = rows.map((r) => String(r.value('Familienaam kind')));
    expect(lastNames).toEqual([...lastNames].sort(new Intl.Collator('nl-BE', { sensitivity: 'base', ignorePunctuation: true }).compare));
  });

  it('exports what a search selects, and the cancelled ones alone with their cancellation date, as CSV', async () => {
    const all = await subscriptionsOfYear();
    const one = all.find((s) => !s.cancelled)!;
    const searched = readCsv((await download(`/api/exportSubscriptions?campYear=${YEAR}&format=csv&search=${one.reference}`)).body).records;
    expect(searched.map((r) => r.Referentie)).toEqual([one.reference]);

    const file = await download(`/api/exportSubscriptions?campYear=${YEAR}&format=csv&cancelledOnly=true`);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toBe(`attachment; filename="inschrijvingen-${YEAR}.csv"`);
    const rows = readCsv(file.body).records;
    expect(rows.map((r) => r.Referentie).sort()).toEqual(
      all
        .filter((s) => s.cancelled)
        .map((s) => s.reference)
        .sort(),
    );
    const celine = rows.find((r) => r['Familienaam kind'] === 'Öztürk')!;
    expect(celine['Voornaam kind']).toBe('Céline');
    expect(celine.Kampprijs).toBe('129,50');
    expect(celine.Korting).toBe('10,00');
    // Cancelled, in a camp without a cancellation fee: nothing owed any more (issue 39).
    expect(celine['Te betalen']).toBe('0,00');
    expect(celine.Betaald).toBe('50,00');
    expect(celine.Betaalwijze).toBe('Contante betaling');
    expect(celine['Geannuleerd op']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const bad = await t.unchecked.exportSubscriptions({ campYear: YEAR, format: 'csv', paymentStatus: 'BETAALD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.paymentStatus).toBe('Foutief formaat');
  });

  it('exports every monitor as xlsx (birth date as a date) and as CSV', async () => {
    const stored = await t.db.select().from(monitors);
    const xlsx = await download('/api/exportMonitors?format=xlsx');
    expect(xlsx.disposition).toMatch(/^attachment; filename="monitoren-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { rows, header } = await readXlsx(xlsx.body);
    expect(header.slice(0, 4)).toEqual(['Familienaam', 'Voornaam', 'E-mail', 'Telefoon']);
    expect(rows.length).toBe(stored.length);
    for (const row of rows) {
      const monitor = stored.find((m) => m.email === row.value('E-mail'))!;
      expect(row.value('Telefoon')).toBe(monitor.phone);
      if (monitor.birthdate) {
        expect(row.value('Geboortedatum')).toEqual(new Date(`${monitor.birthdate}T00:00:00Z`));
        expect(row.numFmt('Geboortedatum')).toBe('dd/mm/yyyy');
      }
    }
    const csv = readCsv((await download('/api/exportMonitors?format=csv')).body).records;
    expect(csv.map((r) => r['E-mail']).sort()).toEqual(stored.map((m) => m.email).sort());
  });

  it('neutralises every text cell a spreadsheet would run as a formula, in every CSV the product writes (OWASP)', async () => {
    const hostile = {
      first: "-2+3+cmd|' /C calc'!A0",
      last: '+1+HYPERLINK("http://aanval.example/","klik")',
      remark: '=1+1',
      reason: '@SUM(A1:A9)',
      monitor: '\t=cmd',
      monitorLast: '\r=cmd',
    };
    const [camp] = await queryRows<{ id: number }>(
      t.db,
      sql`select c.id from camps c join periods p on p.id = c.period_id where extract(year from p.start_date) = ${YEAR} order by c.id limit 1`,
    );
    const child = await createSubscription(t.db, {
      campId: camp!.id,
      childFirstname: hostile.first,
      childLastname: hostile.last,
      remark: hostile.remark,
      discounts: [{ kind: 'extra', amountCents: 500, remark: hostile.reason }],
      paidAmountCents: 20_000,
      paid: true,
    });
    await createMonitor(t.db, { firstname: hostile.monitor, lastname: hostile.monitorLast });
    const files = {
      subscriptions: `/api/exportSubscriptions?campYear=${YEAR}&format=csv`,
      participants: `/api/exportCampParticipants?campId=${camp!.id}&format=csv`,
      monitors: '/api/exportMonitors?format=csv',
      discounts: `/api/exportDiscountsByReason?campYear=${YEAR}&format=csv`,
    };
    const cells: Record<string, string[]> = {};
    for (const [name, url] of Object.entries(files)) {
      const { records } = readCsv((await download(url)).body);
      cells[name] = records.flatMap((r) => Object.values(r));
      // A cell may start with a formula sign only when it is a number the product wrote (a negative saldo).
      const live = cells[name]!.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(,\d{2})?$/.test(cell));
      expect(live, name).toEqual([]);
    }
    const inert = (text: string) => `'${text}`;
    expect(cells.subscriptions).toEqual(expect.arrayContaining([inert(hostile.first), inert(hostile.last)]));
    expect(cells.participants).toEqual(expect.arrayContaining([inert(hostile.first), inert(hostile.last), inert(hostile.remark)]));
    expect(cells.monitors).toEqual(expect.arrayContaining([inert(hostile.monitor), inert(hostile.monitorLast)]));
    expect(cells.discounts).toEqual(expect.arrayContaining([inert(hostile.reason)]));
    // Numbers the product wrote keep their sign: the overpaid saldo of this child is a plain negative number.
    const row = readCsv((await download(files.subscriptions)).body).records.find((r) => r.Referentie === child.reference)!;
    expect(row.Saldo).toMatch(/^-\d+,\d{2}$/);
  });
});
