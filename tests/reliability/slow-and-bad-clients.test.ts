import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@common/contract/index.js';
import { backends } from '../helpers/database.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { callerOfEveryCall } from '../helpers/users.js';

/** A raw connection to the listening server, collecting what it answers until it closes the socket. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** The JSON error body of a raw HTTP answer. */
function errorOf(raw: string): { code: string; message: string } {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).error;
}

describe.each(backends)('bad input and slow clients on %s', (backend) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      subscriptionsPerYear: 3,
      env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '20' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('answers JSON nested 3,350 deep with 400 on every mutation, /api/login included and signed out', async () => {
    const deepArray = '['.repeat(3350) + ']'.repeat(3350);
    const deepObject = '{"a":'.repeat(3350) + '1' + '}'.repeat(3350);
    const mutations = Object.values(contract)
      .filter((c) => c.method === 'POST' || c.method === 'DELETE')
      .map((c) => ({ method: c.method, url: c.path, call: c }));
    expect(mutations.map((r) => r.url)).toContain('/api/login');
    const tokenFor = await callerOfEveryCall(t);
    for (const route of mutations) {
      const token = tokenFor(route.call);
      for (const payload of [deepArray, deepObject, `{"SUBSCRIPTION_ID": ${deepArray}}`]) {
        const answer = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          payload,
          headers: {
            'content-type': 'application/json',
            ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          },
        });
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(400);
        expect(answer.json().error.code).toBe('VALIDATION');
      }
    }
    // Nesting a real payload needs is still accepted (raw: an extra field the typed client would not send).
    const login = await t.call('POST', '/api/login', { username: 'x@y.be', password: 'nope', extra: [[{ a: [1] }]] }, null);
    expect(login.status).toBe(401);
    console.log(`${mutations.length} mutation routes refused JSON nested 3,350 deep with 400`);
  });

  it('answers over-long headers with 431 in the error shape', async () => {
    const client = connect(port);
    await client.connected;
    client.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(errorOf(client.received())).toEqual({ code: 'HEADERS_TOO_LARGE', message: 'Kopregels van de aanvraag te groot' });
  });

  it('ends a request whose body drips in after REQUEST_TIMEOUT_SECONDS with 408 in the error shape', async () => {
    const client = connect(port);
    await client.connected;
    client.socket.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 200);
    await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorOf(client.received()).code).toBe('REQUEST_TIMEOUT');
  });

  it('ends a request whose headers drip in after HEADERS_TIMEOUT_SECONDS', async () => {
    const client = connect(port);
    await client.connected;
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    let n = 0;
    const drip = setInterval(() => client.socket.writable && client.socket.write(`X-${n++}: y\r\n`), 200);
    await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('holds at most MAX_CONNECTIONS connections and serves again once they are gone', async () => {
    const clients = Array.from({ length: 30 }, () => connect(port));
    await Promise.all(clients.map((c) => c.connected));
    const dropped = await Promise.all(
      clients.map((c) => Promise.race([c.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 500))])),
    );
    const open = dropped.filter((d) => !d).length;
    expect(open).toBeLessThanOrEqual(20);
    expect(open).toBeGreaterThan(0);
    for (const c of clients) c.socket.destroy();
    await Promise.all(clients.map((c) => c.closed));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    console.log(`30 connections: ${open} held, ${30 - open} dropped at the limit of 20`);
  });
});
