import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/src/db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { startSmtpServer } from '../helpers/smtp.js';

/**
 * The server logs at trace level into a stream while it serves a demo family through every subscription
 * call, a refusing SMTP server, failed sign-ins with the parent's address and a failed query; the log then
 * holds none of their personal data.
 */
describe.each(backends)('no personal data in the log on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let log = '';
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: true });
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    t = await startTestApp(backend, { subscriptionsPerYear: 5, env: { SMTP_URL: smtp.url }, log: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('logs ids and error codes, never names, addresses, e-mails, phones, national numbers, tokens or token hashes', async () => {
    const year = new Date().getFullYear();
    // A family of this year with both national numbers, read from the database: no list answer carries them.
    const [family] = await queryRows<{ id: number; child_number: string; parent_number: string }>(
      t.db,
      sql`select s.id, ch.nationalnr as child_number, pa.nationalnr as parent_number
          from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${year} and not s.cancelled
            and ch.nationalnr is not null and pa.nationalnr is not null
          order by s.id limit 1`,
    );
    const id = family!.id;
    const detail = ((await t.api.getSubscriptionFullDetail({ id: id })).body.data as SubscriptionDetail[])[0]!;
    const parent = {
      SUBSCRIPTION_ID: id,
      SUBSCRIBER_PARENT_ID: detail.SUBSCRIBER_PARENT_ID,
      SUBSCRIBER_PARENT_FIRSTNAME: detail.SUBSCRIBER_PARENT_FIRSTNAME,
      SUBSCRIBER_PARENT_LASTNAME: detail.SUBSCRIBER_PARENT_LASTNAME,
      SUBSCRIBER_PARENT_STREET: detail.SUBSCRIBER_PARENT_STREET,
      SUBSCRIBER_PARENT_HOUSENR: detail.SUBSCRIBER_PARENT_HOUSENR,
      SUBSCRIBER_PARENT_POSTALCODE: detail.SUBSCRIBER_PARENT_POSTALCODE,
      SUBSCRIBER_PARENT_CITY: detail.SUBSCRIBER_PARENT_CITY,
      SUBSCRIBER_PARENT_COUNTRY: detail.SUBSCRIBER_PARENT_COUNTRY,
      SUBSCRIBER_PARENT_PHONE: detail.SUBSCRIBER_PARENT_PHONE,
      SUBSCRIBER_PARENT_PHONE2: detail.SUBSCRIBER_PARENT_PHONE2,
      SUBSCRIBER_PARENT_EMAIL: detail.SUBSCRIBER_PARENT_EMAIL,
    };
    const child = {
      SUBSCRIPTION_ID: id,
      SUBSCRIBER_ID: detail.SUBSCRIBER_ID,
      SUBSCRIBER_FIRSTNAME: detail.SUBSCRIBER_FIRSTNAME,
      SUBSCRIBER_LASTNAME: detail.SUBSCRIBER_LASTNAME,
    };
    const statuses: number[] = [];
    // Raw: the log is checked for these exact URLs and bodies, a malformed e-mail address among them.
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string | null) => {
      const answer = await t.call(method, url, body, token);
      statuses.push(answer.status);
      return answer;
    };

    await call('POST', '/api/login', { username: detail.SUBSCRIBER_PARENT_EMAIL, password: 'Peeters2024' }, null);
    // Searches whose query string carries the numbers and a name.
    await call('GET', `/api/searchSubscriptions?campYear=${year}&q=${encodeURIComponent(family!.child_number)}`);
    await call('GET', `/api/searchSubscriptions?campYear=${year}&q=${family!.parent_number.replace(/\D/g, '')}`);
    await call('GET', `/api/findFamilies?search=${encodeURIComponent(family!.parent_number)}`);
    await call('GET', `/api/findFamilies?search=${encodeURIComponent(detail.SUBSCRIBER_PARENT_LASTNAME)}`);
    await call('POST', '/api/updateSubscriber', child);
    await call('POST', '/api/updateSubscriberParent', parent);
    await call('POST', '/api/updateSubscriberParent', {
      ...parent,
      SUBSCRIBER_PARENT_EMAIL: `${detail.SUBSCRIBER_PARENT_LASTNAME} at home`,
    });
    await call('POST', '/api/addDiscount', { subscriptionId: id, discountAmount: '1', discountRemark: 'Vrijetijdspas', discountId: null });
    await call('POST', detail.PAYMENTMETHOD_ID === 1 ? '/api/convertToBankTransfer' : '/api/convertToCash', { SUBSCRIPTION_ID: id });
    await call('POST', '/api/resendConfirmationEmail', { SUBSCRIPTION_ID: id });
    await call('POST', '/api/paymentComplete', { SUBSCRIPTION_ID: id });
    await call('POST', '/api/cancelSubscription', { SUBSCRIPTION_ID: id });
    await t.app.mailRelay.runOnce();

    // A failed query: the parents table refuses every update, so the call fails inside its SQL.
    await t.db.execute(
      sql.raw(`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_parent_update before update on parents for each row execute function refuse_update()'),
    );
    const failed = await call('POST', '/api/updateSubscriberParent', { ...parent, SUBSCRIBER_PARENT_CITY: 'Oostduinkerke' });
    expect(failed.status).toBe(500);
    await t.db.execute(sql.raw('drop trigger refuse_parent_update on parents'));

    const lines = log.trim().split('\n');
    const failures = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed');
    expect(failures.map((entry) => entry.err.code)).toContain('P0001');
    expect(lines.some((line) => line.includes('"mailId"'))).toBe(true);

    const token = t.token;
    const secrets: Record<string, string | null> = {
      'child first name': detail.SUBSCRIBER_FIRSTNAME,
      'child last name': detail.SUBSCRIBER_LASTNAME,
      'parent first name': detail.SUBSCRIBER_PARENT_FIRSTNAME,
      'parent last name': detail.SUBSCRIBER_PARENT_LASTNAME,
      street: detail.SUBSCRIBER_PARENT_STREET,
      'parent e-mail': detail.SUBSCRIBER_PARENT_EMAIL,
      phone: detail.SUBSCRIBER_PARENT_PHONE,
      "child's national number": family!.child_number,
      "child's national number, digits": family!.child_number.replace(/\D/g, ''),
      "parent's national number": family!.parent_number,
      "parent's national number, digits": family!.parent_number.replace(/\D/g, ''),
      'a sign-in token': token,
      "that token's hash": createHash('sha256').update(token).digest('hex'),
      'a typed city': 'Oostduinkerke',
      'a typed password': 'Peeters2024',
    };
    const found = Object.entries(secrets).filter(([, value]) => value && value.length >= 4 && log.includes(value));
    expect(found.map(([what]) => what)).toEqual([]);
    console.log(
      `${lines.length} log lines of ${statuses.length} calls (statuses ${[...new Set(statuses)].join(', ')}) hold none of ${Object.keys(secrets).length} personal values`,
    );
  });
});
