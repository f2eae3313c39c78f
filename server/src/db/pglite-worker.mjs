// @ts-check
/**
 * The embedded database in a worker thread of its own, so that its queries never hold up the HTTP loop.
 * It serves PostgreSQL's wire protocol on a Unix socket in a private folder; the main thread reaches it
 * with the same pg pool as a PostgreSQL server. Started by pglite-host.ts. Plain JavaScript, so that the
 * same file runs as a worker under tsx, under Vitest and next to a bundle (a worker gets no TS loader).
 * Messages: see PgliteWorkerRequest and PgliteWorkerReply in pglite-host.ts.
 */
import { Buffer } from 'node:buffer';
import { setImmediate } from 'node:timers';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir: string | null, socketPath: string }} */
const { dataDir, socketPath } = workerData;
/** @param {{ type: string, id?: number, ok?: boolean, message?: string }} reply */
const send = (reply) => port.postMessage(reply);
/** Set by the test hook 'crash-on-next-query': the next protocol message throws out of the worker. */
let crashOnNextQuery = false;

/**
 * PGlite is one session: two connections' messages interleaved would share one unnamed statement and one
 * transaction. So one connection is served at a time; a new one waits (paused) until the current one ends.
 */
/** @param {PGlite} db */
function serveConnections(db) {
  /** @type {import('node:net').Socket[]} */
  const waiting = [];
  /** @type {import('node:net').Socket | null} */
  let current = null;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();

  const serveNext = () => {
    do current = waiting.shift() ?? null;
    while (current?.destroyed);
    if (current) serve(current);
  };

  /** @param {import('node:net').Socket} socket */
  const serve = (socket) => {
    let buffer = Buffer.alloc(0);
    let started = false;
    let work = Promise.resolve();
    /** @param {Buffer} message */
    const run = async (message) => {
      if (socket.destroyed) return;
      if (crashOnNextQuery) {
        // Outside the promise chain, so that it is uncaught and ends the worker as a bug in PGlite would.
        setImmediate(() => {
          throw new Error('crash-on-next-query (test hook)');
        });
        await new Promise(() => {});
      }
      await db.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data) => {
          if (!socket.destroyed) socket.write(Buffer.from(data));
        },
      });
    };
    socket.on('data', (/** @type {Buffer} */ chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // The first message has no type byte: an SSL or GSS request (refused with 'N'), a cancel request, or the startup.
          if (buffer.length < 8 || buffer.length < buffer.readInt32BE(0)) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.end();
            return;
          }
          started = true;
          work = work.then(() => run(message)).catch(() => socket.destroy());
          continue;
        }
        if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) return;
        const length = 1 + buffer.readInt32BE(1);
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (message[0] === 0x58 /* 'X', Terminate */) {
          socket.end();
          return;
        }
        work = work.then(() => run(message)).catch(() => socket.destroy());
      }
    });
    socket.once('close', () => {
      // A connection that ends inside a transaction (a timeout, a crash of its caller) leaves nothing behind.
      void work
        .catch(() => undefined)
        .then(async () => {
          if (!db.closed && db.isInTransaction()) await db.exec('rollback');
        })
        .finally(serveNext);
    });
    socket.on('error', () => socket.destroy());
    socket.resume();
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (waiting.includes(socket)) waiting.splice(waiting.indexOf(socket), 1);
    });
    socket.pause();
    waiting.push(socket);
    if (!current) serveNext();
  });
  return {
    server,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

try {
  const db = await PGlite.create(dataDir ?? undefined);
  const { server, stop } = serveConnections(db);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve(undefined));
  });
  port.on('message', async (/** @type {{ type: 'ping', id: number } | { type: 'close' } | { type: 'crash-on-next-query' }} */ request) => {
    if (request.type === 'crash-on-next-query') {
      crashOnNextQuery = true;
    } else if (request.type === 'ping') {
      // Answered between two protocol messages: the worker runs and its database is open.
      send({ type: 'pong', id: request.id, ok: !db.closed });
    } else if (request.type === 'close') {
      await stop();
      await db.close();
      send({ type: 'closed' });
      port.close();
    }
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
