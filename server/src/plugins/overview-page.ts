import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls } from '@common/contract/auth.js';
import { subscriptionCalls } from '@common/contract/subscriptions.js';
import { campYears } from '@common/constants.js';
import {
  SERVER_ANSWERS_ID,
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
  type OverviewFrameInput,
  type ServerAnswers,
} from '@common/server-rendered-page.js';

/**
 * The subscriptions overview as the server renders it: the app's page with the screen's first frame in it, or
 * (html null) the news that the page the browser has is still the current one.
 */
export interface RenderedPage {
  html: string | null;
  /** Weak: the same page is sent compressed or not. */
  etag: string;
}

type RenderOverviewFrame = (input: OverviewFrameInput) => Promise<string>;

/** The root of index.html, holding the line the app shows while it starts. */
const ROOT = /<div id="root">[\s\S]*?<\/div>/;
/** The app's entry, as the build writes it into index.html. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page with its first frame starts the app once that frame is drawn (web/public/start-after-frame.js): the
 * entry is fetched at once, as before, but run after the frame.
 */
const startAfterFrame = (html: string) =>
  html.replace(
    ENTRY,
    (_tag, entry: string) =>
      `<link rel="modulepreload" crossorigin href="${entry}"><script defer src="/start-after-frame.js" data-entry="${entry}"></script>`,
  );

/** The overview as it opens from the navigation bar: the year in the address, and nothing else. */
function overviewYear(url: URL): number | null {
  if (url.pathname !== SESSION_COOKIE_PATH || [...url.searchParams.keys()].join() !== 'subscriptionsYear') return null;
  const year = Number(url.searchParams.get('subscriptionsYear'));
  return campYears().includes(year) ? year : null;
}

function sessionToken(request: FastifyRequest): string | null {
  const cookies = String(request.headers.cookie ?? '').split(';');
  const pair = cookies.map((cookie) => cookie.trim()).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  const token = pair?.slice(SESSION_COOKIE.length + 1);
  return token && /^[\w-]+$/.test(token) ? token : null;
}

/**
 * A page's ETag: the lists' version its rows were read at (the ETag of getSubscriptionFirstRows) and a digest of
 * everything else it was made from (the build, the signed-in user, the address). A revisit is then checked
 * without rendering: the version with the API, the rest by its digest.
 */
function pageTag(listVersion: string, madeFrom: string[]): string {
  const digest = createHash('sha256');
  for (const part of madeFrom) digest.update(part).update('\0');
  return `W/"${listVersion.replace(/"/g, '')}.${digest.digest('base64url').slice(0, 27)}"`;
}

/** The ETag a revisit sends, if it is one of a page rendered here, with the lists' version in it as the API writes it. */
function pageTagOf(ifNoneMatch: string | undefined): { tag: string; listVersion: string } | null {
  const match = /^W\/"(\d+)\.[\w-]{27}"$/.exec(ifNoneMatch?.trim() ?? '');
  return match ? { tag: match[0], listVersion: `"${match[1]}"` } : null;
}

/** JSON inside a script element: no '<' that could end it early. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The subscriptions overview with its first rows in the page, for a browser whose session cookie names a valid
 * sign-in that may read them (docs/decisions.md, 'A page that arrives with its rows'). The page asks the API
 * itself, with that sign-in as Bearer token, so the session, the role and the answer are the API's own; the web
 * app's components render the frame from the answers (web/src/ssr/, built next to the web app), and the answers go
 * with the page so the app asks them no second time. The frame is inert until the app renders over it.
 *
 * Answers null, and the app starts as without it, when the page is another, the cookie is missing or no longer
 * valid, a call fails, or the server build of the web app is not there.
 */
export function overviewPageRenderer(app: FastifyInstance, indexHtml: string, ssrDir: string) {
  const module = `${ssrDir}/overview-frame.js`;
  if (!existsSync(module) || !ROOT.test(indexHtml) || !ENTRY.test(indexHtml)) return null;
  const page = startAfterFrame(indexHtml);
  let frame: Promise<RenderOverviewFrame> | undefined;
  const renderFrame = (input: OverviewFrameInput) =>
    (frame ??= import(pathToFileURL(module).href).then(
      (loaded: { renderOverviewFrame: RenderOverviewFrame }) => loaded.renderOverviewFrame,
    )).then((render) => render(input));

  return async (request: FastifyRequest): Promise<RenderedPage | null> => {
    const url = new URL(request.url, 'http://page');
    const campYear = overviewYear(url);
    const token = campYear === null ? null : sessionToken(request);
    if (campYear === null || !token) return null;
    const ask = (path: string, etag?: string) =>
      app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const firstRowsPath = `${subscriptionCalls.getSubscriptionFirstRows.path}?campYear=${campYear}`;
    // A revisit names the lists' version its page was rendered at: while it is current, the page is too.
    const known = pageTagOf(request.headers['if-none-match']);
    const [me, current] = await Promise.all([ask(authCalls.me.path), ask(firstRowsPath, known?.listVersion)]);
    if (me.statusCode !== 200) return null;
    const tag = (listVersion: string) => pageTag(listVersion, [page, me.body, url.search]);
    if (current.statusCode === 304 && known && tag(known.listVersion) === known.tag) return { etag: known.tag, html: null };
    const firstRows = current.statusCode === 304 ? await ask(firstRowsPath) : current;
    if (firstRows.statusCode !== 200) return null;
    const answers: ServerAnswers = { campYear, me: me.json(), getSubscriptionFirstRows: firstRows.json() };
    const markup = await renderFrame({
      url: `${url.pathname}${url.search}`,
      campYear,
      user: (answers.me as { data: OverviewFrameInput['user'] }).data,
      firstRows: (answers.getSubscriptionFirstRows as { data: OverviewFrameInput['firstRows'] }).data,
    });
    const root = `<div id="root"><div inert>${markup}</div></div><script type="application/json" id="${SERVER_ANSWERS_ID}">${jsonInHtml(answers)}</script>`;
    return { html: page.replace(ROOT, () => root), etag: tag(String(firstRows.headers.etag ?? '')) };
  };
}
