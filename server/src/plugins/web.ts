import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCampsAnswer } from '@common/schemas/public.js';
import { AppError, errorBody } from '../lib/errors.js';
import { LOGO_PATH, logoImage } from '../lib/logo.js';
import { readOrganiserLogo } from '../lib/settings.js';

/** One file of the built web app, with the brotli and gzip copies the build wrote next to it (scripts/web-build.ts). */
interface WebFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  /** Weak: the copies are the same content in another encoding (RFC 9110, 8.8.3). */
  etag: string;
  cacheControl: string;
  /** A page's own <style> elements, as the content security policy allows them: by their hashes. */
  styleHashes: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The hashes of a page's <style> elements in the form style-src names them (CSP 3, 'hash-source'): the public site's
 * page carries its stylesheet inline (web/inschrijven/vite.config.ts), and the policy allows that text and no other.
 */
export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/** One file to serve: its bytes, its compressed copies, and how it may be cached. */
function webFile(identity: Buffer, type: string, cacheControl: string, copies: { br?: Buffer; gzip?: Buffer }): WebFile {
  return {
    identity,
    ...copies,
    type,
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    cacheControl,
    styleHashes: type === CONTENT_TYPES['.html'] ? styleHashesOf(identity.toString()) : [],
  };
}

/** The content security policy (plugins/security.ts) with a page's own <style> elements allowed by their hashes. */
function allowStyles(reply: FastifyReply, hashes: string[]) {
  const policy = reply.getHeader('content-security-policy');
  if (hashes.length === 0 || typeof policy !== 'string') return;
  reply.header('content-security-policy', policy.replace(/(^|;)(style-src [^;]*)/, `$1$2 ${hashes.join(' ')}`));
}

/** Every file of the build by its URL path ('/index.html', '/assets/index-….js'), read once. */
function readBuild(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const copy = (suffix: string) => (existsSync(`${full}${suffix}`) ? readFileSync(`${full}${suffix}`) : undefined);
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
        files.set(
          urlPath,
          webFile(
            readFileSync(full),
            CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
            // Hashed assets never change; index.html and the files of public/ must always be revalidated.
            /^(\/inschrijven)?\/assets\//.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
            { br: copy('.br'), gzip: copy('.gz') },
          ),
        );
      }
    }
  };
  walk(root);
  return files;
}

export interface WebOptions {
  /**
   * The public site's page (its built index.html) with the camps of getPublicCamps' answer drawn in: the public
   * feature's `publicPageHtml` (server/src/features/public/page.tsx), which server/src/app.ts hands in.
   */
  publicPageHtml: (template: string, answer: PublicCampsAnswer) => string;
}

/** The public site's page with its camps drawn in, compressed once per answer of getPublicCamps. */
function publicPageFile(html: Buffer): WebFile {
  return webFile(html, CONTENT_TYPES['.html']!, 'no-cache', {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(html),
  });
}

/** The encoding the client accepts that we have a copy in: brotli first, then gzip. */
function encodingFor(request: FastifyRequest, file: WebFile): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (file.br && /\bbr\b/.test(accepted)) return 'br';
  if (file.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Whether a request's If-None-Match names this weak ETag. */
function revalidates(request: FastifyRequest, etag: string): boolean {
  const tags = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag.slice(2));
}

function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  allowStyles(reply, file.styleHashes);
  reply.header('cache-control', file.cacheControl).header('etag', file.etag).header('content-type', file.type);
  if (file.br || file.gzip) reply.header('vary', 'accept-encoding');
  if (revalidates(request, file.etag)) return reply.code(304).send();
  const encoding = encodingFor(request, file);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(200).send(encoding ? file[encoding] : file.identity);
}

/** The parents' public booking site (issue 40): its own build and page under this path (scripts/web-build.ts). */
const PUBLIC_SITE = '/inschrijven/';

/**
 * Serves the built web app and answers index.html for every other GET, so the client router takes over; under
 * /inschrijven/ the public booking site's own files and page, which load nothing of the staff app. The build
 * is read into memory when the server starts (a few megabytes): a file then costs no file system call, where
 * looking each one up on disk took 3 to 5 ms of the first visit's requests (docs/decisions.md, 'The web app from
 * memory'). A new build is served from the next start, as a deploy does.
 */
export default fp<WebOptions>(async (app, options) => {
  const root = app.config.webDistDir;
  const files = existsSync(path.join(root, 'index.html')) ? readBuild(root) : null;
  const index = files?.get('/index.html');
  const publicIndex = files?.get(`${PUBLIC_SITE}index.html`);
  const notFound = (reply: FastifyReply) => reply.status(404).send(errorBody(new AppError('NOT_FOUND', 'Niet gevonden')));
  // The public site's page with its camps, made once per answer of getPublicCamps (kept while it stays the same).
  const publicPages = new WeakMap<PublicCampsAnswer, WebFile>();
  const publicPage = async (request: FastifyRequest): Promise<WebFile> => {
    try {
      const answer = await app.publicCamps();
      let page = publicPages.get(answer);
      if (!page) {
        page = publicPageFile(Buffer.from(options.publicPageHtml(publicIndex!.identity.toString(), answer)));
        publicPages.set(answer, page);
      }
      return page;
    } catch (error) {
      // Without its camps the page still loads: the site asks for them itself and says what went wrong.
      request.log.warn({ err: error }, "the public site's page without its camps");
      return publicIndex!;
    }
  };
  // The organiser's logo (Beheer › Instellingen) for the public site's header: at its versioned address (the
  // answer of getPublicCamps names it) cached for good, else revalidated.
  app.get(LOGO_PATH, { schema: { hide: true } }, async (request, reply) => {
    const logo = await readOrganiserLogo(app.database.db);
    if (!logo) return notFound(reply);
    const { version } = logo;
    const { type, bytes } = logoImage(logo.dataUrl);
    const asked = (request.query as { v?: unknown }).v;
    reply
      .header('content-type', type)
      .header('etag', `"${version}"`)
      .header('cache-control', asked === version ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (revalidates(request, `W/"${version}"`)) return reply.code(304).send();
    return reply.code(200).send(bytes);
  });
  // Every GET and HEAD comes here (the app's files are no call of the API: not in its OpenAPI document), so the
  // not-found handler answers only the other methods.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || !index) return notFound(reply);
    // The build's file names are plain ASCII, so the path is looked up as it came, undecoded.
    const [urlPath, query] = request.url.split('?');
    // A voucher link to '/inschrijven' keeps its query on the way to the site's own address.
    if (urlPath === PUBLIC_SITE.slice(0, -1) && publicIndex)
      return reply.redirect(`${PUBLIC_SITE}${query === undefined ? '' : `?${query}`}`, 308);
    const file = files?.get(urlPath!);
    if (file && file !== publicIndex) return sendWebFile(request, reply, file);
    if (urlPath!.startsWith(PUBLIC_SITE) && publicIndex) return sendWebFile(request, reply, await publicPage(request));
    return sendWebFile(request, reply, file ?? index);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
});
