import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campYears } from '@common/constants.js';
import { SERVER_ANSWERS_ID, SESSION_COOKIE } from '@common/server-rendered-page.js';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { createSubscription } from '../helpers/factory.js';
import { addUser, signIn } from '../helpers/users.js';

const HOSTILE_NAME = '</script><script>alert(1)</script>';
const SIGN_IN_LINE = 'Applicatie opstarten...';

/** The answers a rendered page carries for the app, read back from its script element. */
function answersIn(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SERVER_ANSWERS_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/**
 * Issue 22: the subscriptions overview arrives with its first rows. For a browser whose session cookie names a
 * sign-in that may read them, the server renders the screen's first frame with the app's own components from the
 * API's own answers, and sends those answers with the page; a revisit with nothing changed is a 304. Without such
 * a sign-in it sends the app's page as always, and the API itself never takes the cookie.
 */
describe('the overview page rendered on the server', () => {
  let t: TestApp;
  let year: number;
  let page: string;
  let hostile: number;
  const cookie = (token: string) => ({ cookie: `other=1; ${SESSION_COOKIE}=${token}` });
  const open = (headers: Record<string, string> = cookie(t.token), url = page) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp('pglite', { subscriptionsPerYear: 30 });
    const s = await createSubscription(t.db, { childFirstname: HOSTILE_NAME, childLastname: 'Aaron' });
    const [row] = await queryRows<{ year: number }>(
      t.db,
      sql`select extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
          join periods p on p.id = c.period_id where s.id = ${s.subscriptionId}`,
    );
    year = row!.year;
    hostile = s.subscriptionId;
    page = `/subscription-overview?subscriptionsYear=${year}`;
  });
  afterAll(async () => t?.close());

  it('sends the overview with its first rows, rendered from the answers it carries for the app', async () => {
    const answer = await open();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(String(answer.headers.vary)).toMatch(/cookie/i);
    expect(answer.headers.etag).toMatch(/^W\/"\d+\.[\w-]{27}"$/);

    const me = await t.call('GET', '/api/me');
    const firstRows = await t.call('GET', `/api/getSubscriptionFirstRows?campYear=${year}`);
    expect(answersIn(answer.body)).toEqual({ campYear: year, me: me.body, getSubscriptionFirstRows: firstRows.body });

    // The frame: inert until the app renders over it, with the screen's heading, its count and its rows.
    const frame = (/<div id="root"><div inert>([\s\S]*?)<\/div><\/div><script/.exec(answer.body)?.[1] ?? '').replace(/<!-- -->/g, '');
    expect(frame).toContain(`Inschrijvingen ${year}`);
    // The child whose last name sorts first is the first row.
    expect(frame).toMatch(new RegExp(`<tbody><tr data-index="0" data-subscription-id="${hostile}"`));
    expect(frame).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Aaron');
    expect(frame).not.toContain(SIGN_IN_LINE);
    // The app starts once the frame is drawn: its entry is fetched at once but run by the starter.
    expect(answer.body).not.toContain('<script type="module"');
    expect(answer.body).toMatch(/<script defer src="\/start-after-frame.js" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
    // A name cannot end the answers' script element: it is there only as JSON's \u003c.
    expect(answer.body.split(HOSTILE_NAME)).toHaveLength(1);
    expect(JSON.stringify(answersIn(answer.body))).toContain(HOSTILE_NAME);
  });

  it('answers a revisit 304 while nothing changed, and renders anew after a change', async () => {
    const first = await open();
    const etag = String(first.headers.etag);
    const revisit = await open({ ...cookie(t.token), 'if-none-match': etag });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.body).toBe('');
    expect(revisit.headers.etag).toBe(etag);

    await createSubscription(t.db, { childFirstname: 'Nieuw', childLastname: 'Aaaberg' });
    const changed = await open({ ...cookie(t.token), 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Nieuw Aaaberg');

    // Another user's page is another page, even at the same version.
    await addUser(t.db, 'medewerker@kampbeheer.be', 'medewerker');
    const colleague = await open({ ...cookie(await signIn(t, 'medewerker@kampbeheer.be')), 'if-none-match': String(changed.headers.etag) });
    expect(colleague.statusCode).toBe(200);
  });

  it('sends the app’s own page without a valid sign-in that may read the rows, or for another address', async () => {
    const plain = async (headers: Record<string, string>, url = page) => {
      const answer = await open(headers, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain(SIGN_IN_LINE);
      expect(answer.body, url).not.toContain(SERVER_ANSWERS_ID);
      expect(answer.body, url).not.toContain('Aaron');
    };
    await plain({});
    await plain(cookie('not-a-session'));
    await plain(cookie('"><script>'));
    // The Bearer header is the API's: the page reads only its cookie.
    await plain({ authorization: `Bearer ${t.token}` });
    await addUser(t.db, 'monitor@kampbeheer.be', 'monitor');
    await plain(cookie(await signIn(t, 'monitor@kampbeheer.be')));
    for (const url of [
      '/subscription-overview',
      `/subscription-overview?subscriptionsYear=${year}&search=Aaron`,
      `/subscription-overview/?subscriptionsYear=${year}`,
      `/Subscription-overview?subscriptionsYear=${year}`,
      `/subscription-overview?subscriptionsYear=${Math.max(...campYears()) + 1}`,
      `/camps?subscriptionsYear=${year}`,
    ]) {
      await plain(cookie(t.token), url);
    }
    const ended = await signIn(t, 'medewerker@kampbeheer.be');
    expect((await open(cookie(ended))).body).toContain(SERVER_ANSWERS_ID);
    expect((await t.call('POST', '/api/logout', undefined, ended)).status).toBe(200);
    await plain(cookie(ended));
  });

  it('never takes the cookie as a sign-in for a call of the API', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/getSubscriptionFirstRows?campYear=${year}`, headers: cookie(t.token) });
    expect(answer.statusCode).toBe(401);
  });
});
