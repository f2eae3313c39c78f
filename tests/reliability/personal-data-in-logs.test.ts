import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
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
    const list = (await t.call('GET', `/api/getSubscriptions?campYear=${year}`)).body.data as SubscriptionDetail[];
    const family = list.find((s) => s.SUBSCRIBER_NATIONALNR && s.SUBSCRIBER_PARENT_NATIONALNR && !s.SUBSCRIPTION_CANCELLED)!;
    const id = family.SUBSCRIPTION_ID;
    const detail = ((await t.call('GET', `/api/getSubscriptionFullDetail?id=${id}`)).body.data as SubscriptionDetail[])[0]!;
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
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string | null) => {
      const answer = await t.call(method, url, body, token);
      statuses.push(answer.status);
      return answer;
    };

    await call('POST', '/api/login', { username: detail.SUBSCRIBER_PARENT_EMAIL, password: 'Peeters2024' }, null);
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
      "child's national number": detail.SUBSCRIBER_NATIONALNR,
      "child's national number, digits": detail.SUBSCRIBER_NATIONALNR?.replace(/\D/g, '') ?? null,
      "parent's national number": detail.SUBSCRIBER_PARENT_NATIONALNR,
      "parent's national number, digits": detail.SUBSCRIBER_PARENT_NATIONALNR?.replace(/\D/g, '') ?? null,
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
