import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { euroToCents } from '@common/money.js';
import { formatOgm } from '@common/ogm.js';
import { paymentStatus } from '@common/payment-status.js';
import type { ImportResult, PaymentRecord } from '@common/schemas/bank.js';
import type { SubscriptionDetail, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, payments } from '../../server/src/db/schema.js';
import { startTestApp, undoDemoBankImport, type TestApp } from '../helpers/api.js';
import { camtFile, type CamtVersion } from '../helpers/camt-writer.js';
import { codaFile, ogmDigits, type CodaMovementSpec } from '../helpers/coda-writer.js';
import { backends } from '../helpers/database.js';
import { databaseDigest } from '../helpers/digest.js';
import { createSubscription } from '../helpers/factory.js';
import { uploadStatements } from '../helpers/upload.js';
import { XSD, schemaErrors } from '../helpers/xml-schema.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const NOT_CODA = 'Dit is geen geldig CODA-bestand';

/** Valid OGMs that no demo subscription carries (the demo's bases are far below). */
const unknownOgms = [9_912_345_678, 9_923_456_789, 9_934_567_890].map((base) => ogmDigits(formatOgm(base)));

interface Planned {
  row: SubscriptionListRow;
  kind: 'exact' | 'partial' | 'overpaid';
  amountCents: number;
  account: string;
}

describe.each(backends)('bank statement import on %s', (backend) => {
  let t: TestApp;
  let planned: Planned[];
  let july: Buffer;

  const detail = async (id: number): Promise<SubscriptionDetail> => (await t.api.getSubscriptionFullDetail({ id })).body.data[0]!;
  const queue = async (): Promise<PaymentRecord[]> => (await t.api.getUnmatchedPayments()).body.data;
  const subscriptionDigest = async () => (await databaseDigest(t.db)).subscriptions;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await undoDemoBankImport(t);
    const rows: SubscriptionListRow[] = [];
    for (let year = 2021; year <= new Date().getFullYear() + 1; year++) {
      rows.push(...((await t.api.getSubscriptions({ campYear: year })).body.data as SubscriptionListRow[]));
    }
    const open = rows.filter((r) => !r.SUBSCRIPTION_CANCELLED && r.SUBSCRIPTION_SALDO > 20 && r.SUBSCRIPTION_REFERENCE.startsWith('KB'));
    expect(open.length).toBeGreaterThanOrEqual(30);
    planned = open.slice(0, 20).map((row, i) => {
      const kind = (['exact', 'partial', 'overpaid'] as const)[i % 3]!;
      const saldo = euroToCents(row.SUBSCRIPTION_SALDO);
      const amountCents = kind === 'exact' ? saldo : kind === 'partial' ? saldo - 1000 : saldo + 1550;
      return { row, kind, amountCents, account: `BE${String(10 + i)}0689${String(1000_0000 + i).slice(0, 8)}` };
    });
    // Rule 1 (structured), rule 2 (OGM in free text, in three spellings) and rule 3 (reference) in turn.
    const credits: CodaMovementSpec[] = planned.map((p, i) => {
      const base = { amountCents: p.amountCents, counterpartyAccount: p.account, counterpartyName: `Ouder ${i}`, valueDate: '140726' };
      const digits = ogmDigits(p.row.SUBSCRIPTION_OGM);
      switch (i % 4) {
        case 0:
          return { ...base, ogm: digits };
        case 1:
          return { ...base, communication: `Kamp ${p.row.SUBSCRIBER_FIRSTNAME} ${p.row.SUBSCRIPTION_OGM}` };
        case 2:
          return { ...base, communication: `betaling ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)} dank u` };
        default:
          return { ...base, communication: `inschrijving ${p.row.SUBSCRIPTION_REFERENCE.toLowerCase()} zomer` };
      }
    });
    july = codaFile([
      {
        date: '150726',
        paperSequence: 7,
        movements: [
          ...credits.slice(0, 10),
          { amountCents: -25000, communication: 'Huur sporthal', counterpartyAccount: 'BE62510007547061', counterpartyName: 'Gemeente' },
          ...unknownOgms.map((ogm, i) => ({
            amountCents: 4000 + i,
            ogm,
            counterpartyAccount: 'BE43068999999501',
            counterpartyName: `Onbekend ${i}`,
          })),
          ...credits.slice(10),
          { amountCents: -1999, communication: 'Bankkosten' },
        ],
      },
    ]);
  });
  afterAll(async () => t?.close());

  it('books 20 demo subscriptions (exact, partial, overpaid), queues 3 unknown OGMs and ignores 2 debits', async () => {
    const answer = await uploadStatements(t, [{ name: 'juli.cod', bytes: july }]);
    expect(answer.status).toBe(200);
    const [result] = answer.body.data.imports as ImportResult[];
    expect(result).toEqual({
      importId: expect.any(Number),
      fileName: 'juli.cod',
      format: 'coda',
      statements: [{ account: 'BE71096123456769', date: '2026-07-15', sequence: '7', movements: 25, currency: 'EUR' }],
      movements: 25,
      matched: 20,
      alreadyImported: 0,
      unmatched: 3,
      ignoredDebits: 2,
    });

    for (const p of planned) {
      const after = await detail(p.row.SUBSCRIPTION_ID);
      const paid = p.row.SUBSCRIPTION_PAID_AMOUNT + p.amountCents / 100;
      expect(after.SUBSCRIPTION_PAID_AMOUNT).toBeCloseTo(paid, 2);
      expect(after.SUBSCRIPTION_PAID).toBe(true);
      expect(after.SUBSCRIPTION_PAYMENT_DATE).toBe('2026-07-14');
      expect(after.SUBSCRIPTION_PAID_ACCOUNTNR).toBe(p.account);
      expect(after.PAYMENT_STATUS).toBe({ exact: 'PAID', partial: 'OPEN-SALDO', overpaid: 'PAID-TO-MUCH' }[p.kind]);
      expect(after.PAYMENT_STATUS).toBe(paymentStatus(true, after.SUBSCRIPTION_SALDO));
      const own: PaymentRecord[] = (await t.api.getPayments({ subscriptionId: p.row.SUBSCRIPTION_ID })).body.data;
      expect(own).toEqual([
        expect.objectContaining({
          source: 'bank',
          state: 'booked',
          amount: p.amountCents / 100,
          valueDate: '2026-07-14',
          accountNr: p.account,
          fileName: 'juli.cod',
          statementSequence: '7',
          statementDate: '2026-07-15',
        }),
      ]);
    }

    const queued = await queue();
    expect(queued.map((q) => [q.amount, q.payerName, q.structuredCommunication, q.queueReason, q.state])).toEqual(
      unknownOgms.map((ogm, i) => [40 + i / 100, `Onbekend ${i}`, ogm, 'no-match', 'unmatched']).reverse(),
    );
    // Every payment is in the audit log with the subscription's facts before and after.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'importBankStatements'));
    expect(audits.filter((a) => a.entity === 'payment')).toHaveLength(20);
    expect(audits.filter((a) => a.entity === 'bankImport')).toHaveLength(1);
  });

  it('importing the same file again books nothing; an overlapping statement books only its new movements', async () => {
    const before = await subscriptionDigest();
    const again = await uploadStatements(t, [{ name: 'juli-opnieuw.cod', bytes: july }]);
    expect(again.body.data.imports[0]).toMatchObject({ movements: 25, matched: 0, alreadyImported: 23, unmatched: 0, ignoredDebits: 2 });
    expect(await subscriptionDigest()).toBe(before);
    expect(await queue()).toHaveLength(3);

    // The next day's export repeats two of yesterday's credits and adds one new unknown credit.
    const spare = await createSubscription(t.db, { priceCents: 10000 });
    const overlap = codaFile([
      {
        date: '150726',
        paperSequence: 7,
        movements: [
          {
            amountCents: planned[0]!.amountCents,
            ogm: ogmDigits(planned[0]!.row.SUBSCRIPTION_OGM),
            counterpartyAccount: planned[0]!.account,
            counterpartyName: 'Ouder 0',
            valueDate: '140726',
          },
          { amountCents: 4000, ogm: unknownOgms[0]!, counterpartyAccount: 'BE43068999999501', counterpartyName: 'Onbekend 0' },
          { amountCents: 10000, ogm: ogmDigits(spare.ogm), counterpartyAccount: 'BE43068999999501', counterpartyName: 'Nieuw' },
        ],
      },
    ]);
    const answer = await uploadStatements(t, [{ name: 'overlap.cod', bytes: overlap }]);
    expect(answer.body.data.imports[0]).toMatchObject({ movements: 3, matched: 1, alreadyImported: 2, unmatched: 0 });
    expect(await detail(spare.subscriptionId)).toMatchObject({ PAYMENT_STATUS: 'PAID', SUBSCRIPTION_PAID_AMOUNT: 100 });
  });

  it('two equal payments on one statement are both booked; the same file twice in one upload books them once', async () => {
    const twin = await createSubscription(t.db, { priceCents: 10000 });
    const credit = { amountCents: 5000, ogm: ogmDigits(twin.ogm), counterpartyAccount: 'BE43068999999501', counterpartyName: 'Tweeling' };
    const file = codaFile([{ date: '200726', movements: [credit, credit] }]);
    const answer = await uploadStatements(t, [
      { name: 'a.cod', bytes: file },
      { name: 'b.cod', bytes: file },
    ]);
    expect(answer.body.data.imports.map((i: ImportResult) => [i.fileName, i.matched, i.alreadyImported])).toEqual([
      ['a.cod', 2, 0],
      ['b.cod', 0, 2],
    ]);
    expect(await detail(twin.subscriptionId)).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 100, PAYMENT_STATUS: 'PAID' });
  });

  it('a credit for a cancelled or deleted subscription goes to the queue with that reason', async () => {
    const cancelled = await createSubscription(t.db, { cancelled: true });
    const deleted = await createSubscription(t.db);
    expect((await t.api.deleteSubscription({ SUBSCRIPTION_ID: deleted.subscriptionId })).status).toBe(200);
    const before = await subscriptionDigest();
    const answer = await uploadStatements(t, [
      {
        name: 'terugbetalen.cod',
        bytes: codaFile([
          {
            date: '210726',
            movements: [
              { amountCents: 15000, ogm: ogmDigits(cancelled.ogm), counterpartyName: 'Geannuleerd' },
              { amountCents: 15000, communication: `voor ${deleted.ogm}`, counterpartyName: 'Verwijderd' },
            ],
          },
        ]),
      },
    ]);
    expect(answer.body.data.imports[0]).toMatchObject({ matched: 0, unmatched: 2 });
    expect(await subscriptionDigest()).toBe(before);
    const queued = await queue();
    expect(queued.find((q) => q.payerName === 'Geannuleerd')).toMatchObject({
      queueReason: 'cancelled',
      hintReference: cancelled.reference,
    });
    expect(queued.find((q) => q.payerName === 'Verwijderd')).toMatchObject({ queueReason: 'deleted', hintReference: deleted.reference });
  });

  it('assign, ignore and their undo; an import changed by hand can no longer be undone', async () => {
    const target = await createSubscription(t.db, { priceCents: 4000 });
    const [first] = (await queue()).filter((q) => q.queueReason === 'no-match' && q.amount === 40);
    expect(first).toBeDefined();

    const assigned = await t.api.assignPayment({ paymentId: first!.paymentId, subscriptionId: target.subscriptionId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({
      state: 'booked',
      subscriptionId: target.subscriptionId,
      subscriptionReference: target.reference,
    });
    expect(await detail(target.subscriptionId)).toMatchObject({
      SUBSCRIPTION_PAID_AMOUNT: 40,
      PAYMENT_STATUS: 'PAID',
      SUBSCRIPTION_PAID_ACCOUNTNR: 'BE43068999999501',
    });
    expect((await queue()).some((q) => q.paymentId === first!.paymentId)).toBe(false);
    expect((await t.api.assignPayment({ paymentId: first!.paymentId, subscriptionId: target.subscriptionId })).status).toBe(409);

    const back = await t.api.requeuePayment({ paymentId: first!.paymentId });
    expect(back.body.data).toMatchObject({ state: 'unmatched', subscriptionId: null });
    expect(await detail(target.subscriptionId)).toMatchObject({
      SUBSCRIPTION_PAID_AMOUNT: 0,
      SUBSCRIPTION_PAID: false,
      SUBSCRIPTION_PAYMENT_DATE: null,
      SUBSCRIPTION_PAID_ACCOUNTNR: null,
      PAYMENT_STATUS: 'NOT-PAID',
    });

    const noReason = await t.api.ignorePayment({ paymentId: first!.paymentId, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ reason: 'Veld verplicht' });
    const ignored = await t.api.ignorePayment({ paymentId: first!.paymentId, reason: 'Gift van de oudervereniging' });
    expect(ignored.body.data).toMatchObject({ state: 'ignored', ignoreReason: 'Gift van de oudervereniging' });
    expect((await t.api.requeuePayment({ paymentId: first!.paymentId })).body.data).toMatchObject({
      state: 'unmatched',
      ignoreReason: null,
    });
    expect((await t.api.ignorePayment({ paymentId: 999999, reason: 'weg' })).status).toBe(404);

    const julyImport = (await t.api.getBankImports()).body.data.find((i: { fileName: string }) => i.fileName === 'juli.cod');
    expect(julyImport).toMatchObject({ canUndo: false, undoneAt: null });
    const refused = await t.api.undoBankImport({ importId: julyImport!.importId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/met de hand gewijzigd/);
  });

  it('undoing an import takes its payments back and leaves the subscriptions as before', async () => {
    const subscription = await createSubscription(t.db, { priceCents: 12000 });
    const before = await subscriptionDigest();
    const file = camtFile({
      date: '2026-07-25',
      entries: [
        {
          credit: true,
          valueDate: '2026-07-24',
          transactions: [{ amountCents: 5000, reference: subscription.ogm, name: 'CAMT ouder', iban: 'BE68539007547034' }],
        },
        { credit: true, transactions: [{ amountCents: 7000, unstructured: `rest ${ogmDigits(subscription.ogm)}` }] },
        { credit: true, transactions: [{ amountCents: 100, unstructured: 'onbekend' }] },
      ],
    });
    const answer = await uploadStatements(t, [{ name: 'juli.xml', bytes: file }]);
    expect(answer.body.data.imports[0]).toMatchObject({ format: 'camt053', movements: 3, matched: 2, unmatched: 1 });
    expect(await detail(subscription.subscriptionId)).toMatchObject({
      SUBSCRIPTION_PAID_AMOUNT: 120,
      PAYMENT_STATUS: 'PAID',
      SUBSCRIPTION_PAYMENT_DATE: '2026-07-25',
    });

    const importId = answer.body.data.imports[0].importId;
    const undone = await t.api.undoBankImport({ importId });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ importId, undoneAt: expect.any(String), canUndo: false });
    expect(await subscriptionDigest()).toBe(before);
    expect((await t.api.getPayments({ subscriptionId: subscription.subscriptionId })).body.data).toEqual([]);
    expect((await queue()).some((q) => q.communication === 'onbekend')).toBe(false);
    expect((await t.api.undoBankImport({ importId })).status).toBe(409);
    expect((await t.api.undoBankImport({ importId: 999999 })).status).toBe(404);
    // Undone, its movements may be imported again.
    expect((await uploadStatements(t, [{ name: 'juli.xml', bytes: file }])).body.data.imports[0]).toMatchObject({
      matched: 2,
      alreadyImported: 0,
    });
  });

  it("'Bedragen gelijk zetten' and cash are payments of the subscription with their source", async () => {
    const transfer = await createSubscription(t.db, { priceCents: 13000, paidAmountCents: 3000, paid: true });
    const cash = await createSubscription(t.db, { priceCents: 9000, paymentMethodId: PAYMENT_METHOD.cash });
    await t.api.paymentComplete({ SUBSCRIPTION_ID: transfer.subscriptionId });
    await t.api.paymentComplete({ SUBSCRIPTION_ID: cash.subscriptionId });
    expect((await t.api.getPayments({ subscriptionId: transfer.subscriptionId })).body.data).toEqual([
      expect.objectContaining({ source: 'paymentComplete', amount: 100, state: 'booked', fileName: null }),
    ]);
    expect((await t.api.getPayments({ subscriptionId: cash.subscriptionId })).body.data).toEqual([
      expect.objectContaining({ source: 'cash', amount: 90 }),
    ]);
    expect(await detail(cash.subscriptionId)).toMatchObject({ PAYMENT_STATUS: 'PAID', SUBSCRIPTION_PAID_AMOUNT: 90 });
  });

  it('imports CODA files as banks send them: record 4 after record 8, globalisation booked per detail, several statements, UTF-8; another currency is read, not booked', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createSubscription(t.db, { priceCents: 10000 })));
    const credit = (s: typeof a, amountCents: number) => ({ amountCents, ogm: ogmDigits(s!.ogm), counterpartyName: 'Désirée Müller' });
    const file = codaFile(
      [
        // The file: the bank's free communication (record 4) after the new balance (record 8).
        { date: '010826', paperSequence: 31, freeMessage: 'Uw kredietlijn wordt herzien op 1 september.', movements: [credit(a, 10000)] },
        // A global amount of the bank (type 2) with its details (type 6), each booked with its own communication.
        {
          date: '020826',
          paperSequence: 32,
          oldBalanceCents: 110000,
          movements: [{ amountCents: 0, transactionCode: '20150000', details: [credit(b, 6000), credit(c, 4000)] }],
        },
        // An account in US dollars in the same physical file: read, counted, never booked on a subscription in euro.
        {
          date: '020826',
          paperSequence: 1,
          accountStructure: '3',
          account: 'GB29NWBK60161331926819',
          currency: 'USD',
          movements: [credit(d, 10000)],
        },
        // An empty statement with only a communication: records 0, 1, 8, 4 and 9.
        { date: '030826', paperSequence: 33, oldBalanceCents: 120000, movements: [], freeMessage: 'Geen bewegingen.' },
      ],
      { encoding: 'utf8', lineEnd: '\n' },
    );
    const answer = await uploadStatements(t, [{ name: 'augustus.cod', bytes: file }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.imports[0]).toMatchObject({
      statements: [
        { sequence: '31', movements: 1, currency: 'EUR' },
        { sequence: '32', movements: 2, currency: 'EUR' },
        { sequence: '1', movements: 1, currency: 'USD' },
        { sequence: '33', movements: 0, currency: 'EUR' },
      ],
      movements: 4,
      matched: 3,
      unmatched: 0,
    });
    for (const [s, paid] of [
      [a, 100],
      [b, 60],
      [c, 40],
      [d, 0],
    ] as const) {
      expect(await detail(s!.subscriptionId), s!.reference).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: paid });
    }
    const [payment] = (await t.api.getPayments({ subscriptionId: b!.subscriptionId })).body.data;
    expect(payment).toMatchObject({ payerName: 'Désirée Müller', structuredCommunication: ogmDigits(b!.ogm), amount: 60 });
  });

  it.each(['02', '03', '04', '08'] as CamtVersion[])(
    'imports CAMT.053 version 001.%s as its schema has it: a batch entry matched per transaction, PRCD, an Othr account',
    async (version) => {
      const [a, b] = await Promise.all([1, 2].map(() => createSubscription(t.db, { priceCents: 10000 })));
      const file = camtFile({
        version,
        date: `2026-08-1${version[1]}`,
        openingCode: 'PRCD',
        entries: [
          {
            credit: true,
            transactions: [
              { amountCents: 10000, reference: a!.ogm, name: 'Ouder A' },
              { amountCents: 2500, unstructured: `kamp ${b!.ogm}`, name: 'Ouder B', otherAccount: '063-9999995-01' },
            ],
          },
        ],
      });
      expect(schemaErrors(file, XSD.camt053(version))).toBeNull();
      const answer = await uploadStatements(t, [{ name: `camt-${version}.xml`, bytes: file }]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.imports[0]).toMatchObject({ format: 'camt053', movements: 2, matched: 2 });
      expect(await detail(a!.subscriptionId)).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 100, PAYMENT_STATUS: 'PAID' });
      expect(await detail(b!.subscriptionId)).toMatchObject({
        SUBSCRIPTION_PAID_AMOUNT: 25,
        PAYMENT_STATUS: 'OPEN-SALDO',
        SUBSCRIPTION_PAID_ACCOUNTNR: '063-9999995-01',
      });
    },
  );

  it('hostile files are refused with 400 and a Dutch message, the database unchanged', async () => {
    const target = await createSubscription(t.db, { priceCents: 10000, paidAmountCents: 5000, paid: true });
    const camt = (entries: Parameters<typeof camtFile>[0]['entries'], extra: object = {}) => camtFile({ version: '08', entries, ...extra });
    const named = (name: string) =>
      camt([{ credit: true, transactions: [{ amountCents: 100, name: 'NAAM', reference: target.ogm }] }])
        .toString('utf8')
        .replace('NAAM', name);
    const cases: { name: string; bytes: Uint8Array; message: RegExp }[] = [
      {
        name: 'nul.cod',
        bytes: codaFile([{ movements: [{ amountCents: 100, counterpartyName: 'Jan\u0000Peeters' }] }]),
        message: /^nul\.cod: Dit is geen geldig CODA-bestand: regel 5 heeft een controleteken op positie 51$/,
      },
      {
        name: 'groot.cod',
        bytes: codaFile([{ oldBalanceCents: 0, movements: [{ amountCents: 2 ** 31, ogm: ogmDigits(target.ogm) }] }]),
        message: /^groot\.cod: Regel 3: het bedrag € 21\.474\.836,48 is groter dan Kampbeheer kan boeken/,
      },
      {
        name: 'groot.xml',
        bytes: camt([{ credit: true, transactions: [{ amountCents: 2 ** 31, reference: target.ogm }] }]),
        message: /^groot\.xml: Rekeninguittreksel 1, boeking 1: het bedrag € 21\.474\.836,48 is groter/,
      },
      {
        name: 'nul.xml',
        bytes: Buffer.from(named('Jan&#0;Peeters')),
        message: /^nul\.xml: Dit is geen geldig CAMT\.053-bestand: regel \d+ heeft een ongeldige verwijzing &#0;$/,
      },
      {
        name: 'surrogaat.xml',
        bytes: Buffer.from(named('Jan&#xD800;')),
        message: /^surrogaat\.xml: Dit is geen geldig CAMT\.053-bestand: regel \d+ heeft een ongeldige verwijzing &#xD800;$/,
      },
      { name: 'ruw.xml', bytes: Buffer.from(named('Jan\u0000')), message: /heeft een teken dat XML niet toelaat \(U\+0000\)$/ },
      {
        name: 'xxe.xml',
        bytes: Buffer.from(
          named('&xxe;').replace('<Document', '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document'),
        ),
        message: /^xxe\.xml: Dit is geen geldig CAMT\.053-bestand: een XML-bestand met een DOCTYPE of ENTITY wordt niet gelezen$/,
      },
      {
        name: 'decimalen.xml',
        bytes: camt([{ credit: true, amountText: '0.004', transactions: [{ amountCents: 0, reference: target.ogm }] }], {
          closingCents: 100000,
        }),
        message: /het bedrag 0\.004 EUR heeft meer decimalen dan de munt EUR \(2\)\.$/,
      },
      {
        name: 'kapot.xml',
        bytes: Buffer.from(named('Jan').replace('</Document>', '')),
        message: /^kapot\.xml: Dit is geen geldig CAMT\.053-bestand: regel \d+ is geen goed gevormde XML$/,
      },
      // A credit that would take the subscription's paid amount beyond a money column.
      {
        name: 'te-veel.cod',
        bytes: codaFile([{ oldBalanceCents: 0, movements: [{ amountCents: 2 ** 31 - 1, ogm: ogmDigits(target.ogm) }] }]),
        message: /zou boven € 21\.474\.836,47 komen: niets geboekt\.$/,
      },
    ];
    const before = await databaseDigest(t.db);
    for (const c of cases) {
      const answer = await uploadStatements(t, [{ name: c.name, bytes: c.bytes }]);
      expect(answer.status, c.name).toBe(400);
      expect(answer.body.error.code, c.name).toBe('VALIDATION');
      expect(answer.body.error.message, c.name).toMatch(c.message);
    }
    // A NUL byte in the upload's own file name, as a hand-made multipart body carries it.
    const boundary = 'grens1234';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="juli\u0000.cod"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'latin1',
      ),
      codaFile([{ movements: [{ amountCents: 100, ogm: ogmDigits(target.ogm) }] }]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/importBankStatements',
      payload: body,
      headers: { authorization: `Bearer ${t.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.message).toBe(
      'juli?.cod: De bestandsnaam bevat een controleteken (zoals een NUL-byte). Geef het bestand een gewone naam en probeer opnieuw.',
    );
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('a garbage upload is refused with a Dutch message and changes nothing', async () => {
    const good = codaFile([{ movements: [{ amountCents: 777, communication: 'goed' }] }]);
    const cut = good.subarray(0, good.length - 60);
    const wrongTrailer = codaFile([{ movements: [{ amountCents: 777 }], trailer: { creditCents: 1 } }]);
    const cases: { files: { name: string; bytes: Uint8Array }[]; message: string | RegExp; field?: string }[] = [
      { files: [{ name: 'leeg.cod', bytes: new Uint8Array() }], message: `leeg.cod: ${NOT_CODA}` },
      {
        files: [{ name: 'afschrift.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') }],
        message: `afschrift.pdf: ${NOT_CODA}`,
      },
      { files: [{ name: 'export.csv', bytes: Buffer.from('datum;bedrag\n2026-07-01;130,00\n') }], message: `export.csv: ${NOT_CODA}` },
      { files: [{ name: 'kapot.cod', bytes: cut }], message: new RegExp(`^kapot\\.cod: ${NOT_CODA}: regel \\d+ heeft 70 tekens`) },
      { files: [{ name: 'trailer.cod', bytes: wrongTrailer }], message: /^trailer\.cod: Regel 5: het credittotaal van de trailer/ },
      {
        files: [
          { name: 'goed.cod', bytes: good },
          { name: 'slecht.txt', bytes: Buffer.from('hallo') },
        ],
        message: `slecht.txt: ${NOT_CODA}`,
      },
      {
        files: [
          {
            name: 'xxe.xml',
            bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>'),
          },
        ],
        message: /^xxe\.xml: Dit is geen geldig CAMT\.053-bestand/,
      },
      { files: [{ name: 'goed.cod', bytes: good }], field: 'andere', message: /Kies een of meer CODA-bestanden/ },
    ];
    const before = await databaseDigest(t.db);
    for (const c of cases) {
      const answer = await uploadStatements(t, c.files, c.field);
      expect(answer.status, c.files[0]!.name).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION');
      if (typeof c.message === 'string') expect(answer.body.error.message).toBe(c.message);
      else expect(answer.body.error.message).toMatch(c.message);
    }
    const json = await t.unchecked.importBankStatements({ files: 'x' });
    expect(json.status).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('imports a 5 MB statement with 20,000 movements in one go', { timeout: 240_000 }, async () => {
    const target = await createSubscription(t.db, { priceCents: 1_000_000_00 });
    const movements: CodaMovementSpec[] = Array.from({ length: 20_000 }, (_, i) =>
      i % 2 === 0
        ? { amountCents: 1000 + (i % 500), ogm: i % 10 === 0 ? ogmDigits(target.ogm) : ogmDigits(formatOgm(8_000_000_000 + i)) }
        : {
            amountCents: -(100 + (i % 50)),
            communication: `Uitgave ${i}`,
            counterpartyAccount: 'BE62510007547061',
            counterpartyName: 'Leverancier',
          },
    );
    const file = codaFile([{ date: '310726', oldBalanceCents: 100_000_000, movements }]);
    expect(file.length).toBeGreaterThan(5_000_000);
    const answer = await uploadStatements(t, [{ name: 'groot.cod', bytes: file }]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.imports[0]).toMatchObject({
      movements: 20_000,
      matched: 2_000,
      unmatched: 8_000,
      ignoredDebits: 10_000,
      alreadyImported: 0,
    });
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${payments} where ${payments.subscriptionId} = ${target.subscriptionId}`,
    )) as [{ n: number }];
    expect(n).toBe(2_000);
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
