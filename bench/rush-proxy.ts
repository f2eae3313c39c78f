/**
 * The rush's reverse proxy (bench section 10, issue 37): plain node:http in a process of its own, in front of one or
 * more server processes, as nginx or a load balancer stands in front of them in production. Each request goes to
 * the upstream with the fewest requests in hand. An upstream that refuses the connection (nothing was sent: its process is gone) is left
 * out for a few seconds and the request goes to the next one; a connection lost after the request was sent answers
 * 502, as nginx does for a POST, and the client retries (a booking with its Idempotency-Key).
 *
 * Bookings (`POST /api/public/book`, the README's `location = /api/public/book`) reach each upstream through a bounded keep-alive pool (UPSTREAM_CONNECTIONS connections a process, env
 * RUSH_PROXY_UPSTREAM_CONNECTIONS; 0 for one connection a request, as before): requests beyond it wait at the proxy
 * for a free connection, as behind a proxy that caps its connections to a server (nginx's `max_conns` with a `queue`,
 * HAProxy's `maxconn`), instead of opening a connection of their own to the server for each of 1,000 clients. That is
 * realism, not gaming: a process serves a few dozen requests at once no faster than it serves them one after the other
 * (its families' lane has 8 database connections), and 1,000 sockets beyond its MAX_CONNECTIONS are reset. 32, not
 * 256: a process that holds hundreds of presses at once spends its one thread reading their sessions while the
 * bookings under a camp's lock wait for it (docs/decisions.md, issue 37, 'The proxy's pool for bookings: 32').
 *
 * Arguments: the upstreams' ports. Prints `proxy listening on <port>` once it listens.
 */
import http from 'node:http';
import { proxyBookingConnections } from './rush-http.js';

const upstreams = process.argv.slice(2).map((port) => ({ port: Number(port), downUntil: 0, inHand: 0 }));
if (upstreams.length === 0) throw new Error('usage: rush-proxy.ts <port> [<port> ...]');
/** Connections to each upstream process for bookings; bookings beyond them queue in the agent, in arrival order. */
const UPSTREAM_CONNECTIONS = proxyBookingConnections();
const bookingAgent = new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_CONNECTIONS > 0 ? UPSTREAM_CONNECTIONS : Infinity });
/** Every other call (staff's, the health check) on connections of its own, as the README's `location /` on its upstream. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const BOOKING_PATH = '/api/public/book';
const DOWN_MS = 5000;
const reported = new Set<string>();

/** The upstream with the fewest requests in hand (nginx's least_conn, as the README configures it), the first on a tie. */
function pick(skip: Set<number>) {
  const now = Date.now();
  const open = upstreams.filter((u) => u.downUntil <= now && !skip.has(u.port));
  return open.reduce<(typeof open)[number] | null>((best, u) => (best === null || u.inHand < best.inHand ? u : best), null);
}

function forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tried: Set<number>) {
  const upstream = pick(tried);
  if (!upstream) {
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream');
    return;
  }
  tried.add(upstream.port);
  upstream.inHand++;
  let released = false;
  const release = () => {
    if (!released) upstream.inHand--;
    released = true;
  };
  const outgoing = http.request(
    {
      host: '127.0.0.1',
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
      agent: request.url?.split('?')[0] === BOOKING_PATH ? bookingAgent : agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('end', release);
      answer.on('error', () => {
        release();
        response.destroy();
      });
    },
  );
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    release();
    if (response.headersSent) return response.destroy();
    if (error.code === 'ECONNREFUSED') {
      upstream.downUntil = Date.now() + DOWN_MS;
      return forward(request, response, body, tried);
    }
    if (!reported.has(error.code ?? error.message))
      console.error(`proxy: upstream ${upstream.port} failed: ${error.code ?? error.message}`);
    reported.add(error.code ?? error.message);
    response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
  });
  // A client that gives up (its timeout) closes its connection: a request still waiting for an upstream connection is
  // dropped, and one sent has its upstream connection closed, as nginx does (proxy_ignore_client_abort off). The
  // server then skips a booking still waiting for its turn; one already running finishes (its retry replays it).
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  outgoing.end(body);
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => forward(request, response, Buffer.concat(chunks), new Set()));
  request.on('error', () => response.destroy());
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`proxy listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
