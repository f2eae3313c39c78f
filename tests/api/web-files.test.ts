import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import type { DatabaseHandle } from '../../server/src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';

/** A build as scripts/web-build.ts writes it: files above 1 KB get a brotli and a gzip copy. */
const INDEX = `<!doctype html><html lang="nl-BE"><head><title>Kampbeheer</title></head><body><div id="root"></div>${'<!-- - -->'.repeat(150)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(3000))};`;
const SMALL = 'globalThis.small = true;';

describe('the web app is served from memory', () => {
  let dir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kampbeheer-web-'));
    mkdirSync(path.join(dir, 'assets'));
    for (const [name, text] of [
      ['index.html', INDEX],
      ['assets/app-AbC123.js', SCRIPT],
    ] as const) {
      writeFileSync(path.join(dir, name), text);
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(dir, 'small.js'), SMALL);
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent' }), webDistDir: dir }, database, logger: false });
    await app.ready();
    // Read at start: from here on no request touches the folder.
    rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends the brotli copy, the gzip copy or the file, as the browser accepts, each kept for a year', async () => {
    const br = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');

    const gz = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const small = await get('/small.js', { 'accept-encoding': 'br' });
    expect(small.body).toBe(SMALL);
    expect(small.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation of an unchanged file with 304 and no body', async () => {
    const first = await get('/login', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/camps', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get('/camps', { 'accept-encoding': 'br', 'if-none-match': 'W/"another"' });
    expect(other.statusCode).toBe(200);
  });

  it.each(['/', '/subscription-overview?subscriptionsYear=2025', '/assets/', '/assets/missing-Xy.js', '/assets/../index.html'])(
    'GET %s answers the app',
    async (url) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toBe(INDEX);
    },
  );

  it('answers a HEAD without the body, and another method with a JSON 404', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-AbC123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const [method, url] of [
      ['POST', '/no-such-page'],
      ['DELETE', '/assets/app-AbC123.js'],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
  });
});
