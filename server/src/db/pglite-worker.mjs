// @ts-check
/**
 * The embedded database in a worker thread of its own, so that its queries never hold up the HTTP loop.
 * It serves PostgreSQL's wire protocol on a Unix socket in a private folder; the main thread reaches it
 * with the same pg pool as a PostgreSQL server. Started by pglite-host.ts. Plain JavaScript, so that the
 * same file runs as a worker under tsx, under Vitest and next to a bundle (a worker gets no TS loader).
 * Messages: see PgliteWorkerRequest and PgliteWorkerReply in pglite-host.ts.
 */
import { Blob, Buffer } from 'node:buffer';
import { setImmediate } from 'node:timers';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir: string | null, startFrom: string | null, socketPath: string, priorityApplication: string }} */
const { dataDir, startFrom, socketPath, priorityApplication } = workerData;
/** @param {{ type: string, id?: number, ok?: boolean, message?: string }} reply */
const send = (reply) => port.postMessage(reply);
/** Set by the test hook 'crash-on-next-query': the next protocol message throws out of the worker. */
let crashOnNextQuery = false;

/**
 * The application_name of a startup message (length, protocol version, then name\0value\0 pairs).
 * @param {Buffer} message
 */
function applicationName(message) {
  const parts = message.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'application_name') return parts[i + 1];
  return undefined;
}

/**
 * Whether a message's answer ended in ReadyForQuery: the session finished what it was asked. Its status
 * byte says whether it holds a transaction ('T', 'E') or not ('I').
 * @param {Buffer} tail the last 6 bytes of the answer
 */
const isReadyForQuery = (tail) => tail.length === 6 && tail[0] === 0x5a && tail.readInt32BE(1) === 5;

/**
 * A connection's prepared statements are its own, as on PostgreSQL where each connection is a session: the name of a
 * statement in a Parse, Bind, Describe or Close message ('P', 'B', 'D' and 'C' with 'S') gets the connection's number
 * in front, so two connections that prepare the same name (the pg pool's clients each prepare theirs) do not meet in
 * the one session. The unnamed statement stays unnamed; portals are left alone (a transaction's, not a session's).
 * `connection.statements` holds the names it prepared, for their deallocation when it closes.
 * @param {{ number: number, statements: Set<string> }} connection
 * @param {Buffer} message
 */
function ownStatementName(connection, message) {
  const type = message[0];
  let at = -1;
  if (type === 0x50 /* 'P' */) at = 5;
  else if (type === 0x42 /* 'B' */) at = message.indexOf(0, 5) + 1;
  else if ((type === 0x44 /* 'D' */ || type === 0x43) /* 'C' */ && message[5] === 0x53 /* 'S' */) at = 6;
  const end = at < 0 ? -1 : message.indexOf(0, at);
  if (end <= at) return message;
  const name = `${connection.number}/${message.subarray(at, end).toString('utf8')}`;
  if (type === 0x50) connection.statements.add(name);
  if (type === 0x43) connection.statements.delete(name);
  const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(name, 'utf8'), message.subarray(end)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

/**
 * PGlite is one session, so its connections take turns: a connection holds the session from its first
 * message until the session is idle again (ReadyForQuery 'I': its statement, or its whole transaction, is
 * done), and only then may another go. Two connections' extended-protocol messages or transactions never
 * interleave. Of the connections waiting for their turn, one of the priority lane (its application_name
 * is `priorityApplication`: sign-in) goes first, then the others in the order they started waiting; so a
 * short statement waits for at most the statement or transaction in progress, never for a queue of work.
 * @param {PGlite} db
 */
function serveConnections(db) {
  /**
   * @typedef {{ socket: import('node:net').Socket, number: number, priority: boolean, queue: Buffer[], waitingSince: number, closed: boolean, corked: boolean, statements: Set<string> }} Connection
   */
  /** @type {Set<Connection>} */
  const connections = new Set();
  /** The connection that holds the session (in the middle of its statement or transaction), or null. */
  /** @type {Connection | null} */
  let holder = null;
  let pumping = false;
  let arrivals = 0;
  let connectionsMade = 0;
  /** Work of the host's own (a backup) that takes the session as a connection does, once nobody holds it. */
  /** @type {(() => Promise<void>)[]} */
  const jobs = [];

  /** The next connection to take the session: priority first, then the longest waiting. */
  const next = () => {
    /** @type {Connection | null} */
    let best = null;
    for (const connection of connections) {
      if (connection.queue.length === 0) continue;
      if (
        !best ||
        (connection.priority && !best.priority) ||
        (connection.priority === best.priority && connection.waitingSince < best.waitingSince)
      )
        best = connection;
    }
    return best;
  };

  /**
   * Runs one protocol message of `connection`; answers whether the session finished what it was asked
   * (`ready`), and whether it then holds no transaction either (`idle`).
   * @param {Connection} connection
   * @param {Buffer} message
   */
  const run = async (connection, message) => {
    if (crashOnNextQuery) {
      // Outside the promise chain, so that it is uncaught and ends the worker as a bug in PGlite would.
      setImmediate(() => {
        throw new Error('crash-on-next-query (test hook)');
      });
      await new Promise(() => {});
    }
    let tail = Buffer.alloc(0);
    await db.execProtocolRawStream(new Uint8Array(message), {
      onRawData: (data) => {
        const chunk = Buffer.from(data);
        tail = Buffer.concat([tail, chunk]).subarray(-6);
        if (!connection.socket.destroyed) connection.socket.write(chunk);
      },
    });
    return { ready: isReadyForQuery(tail), idle: isReadyForQuery(tail) && tail[5] === 0x49 /* 'I' */ };
  };

  /** Serves the waiting messages, one at a time, until none can go. */
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        if (holder?.closed) {
          // A connection that ends inside a transaction (a timeout, a crash of its caller) leaves nothing behind.
          if (!db.closed && db.isInTransaction()) await db.exec('rollback').catch(() => undefined);
          holder = null;
        }
        const job = holder ? undefined : jobs.shift();
        if (job) {
          await job();
          continue;
        }
        const connection = holder ?? next();
        if (!connection || connection.queue.length === 0) return;
        holder = connection;
        const message = /** @type {Buffer} */ (connection.queue.shift());
        // PGlite hands an answer over in many small pieces, and a query is several protocol messages: held back
        // until the client waits for them (ReadyForQuery) or has sent nothing more, they leave in one write instead
        // of a system call per piece, which was a fifth of the embedded database's time.
        if (!connection.corked) {
          connection.socket.cork();
          connection.corked = true;
        }
        let outcome = { ready: false, idle: false };
        try {
          outcome = await run(connection, message);
        } catch {
          connection.socket.destroy();
        }
        if (connection.queue.length === 0) connection.waitingSince = Infinity;
        if (outcome.ready || connection.queue.length === 0) {
          connection.corked = false;
          connection.socket.uncork();
        }
        if (outcome.idle) holder = null;
        // PGlite answers through promises alone, so without a turn of the event loop the messages of other
        // connections (a sign-in's) and the host's pings would be read only once all waiting work is done.
        // A statement's end is where the session may change hands. One setImmediate may run before the
        // loop next polls its sockets (when queued from a socket's callback); the second runs after it.
        if (outcome.ready) {
          await new Promise((resolve) => setImmediate(resolve));
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      pumping = false;
    }
  };

  /** @param {Connection} connection @param {Buffer} message */
  const enqueue = (connection, message) => {
    if (connection.queue.length === 0 && connection.waitingSince === Infinity) connection.waitingSince = arrivals++;
    connection.queue.push(message);
    void pump();
  };

  const server = createServer((socket) => {
    /** @type {Connection} */
    const connection = {
      socket,
      number: connectionsMade++,
      priority: false,
      queue: [],
      waitingSince: Infinity,
      closed: false,
      corked: false,
      statements: new Set(),
    };
    connections.add(connection);
    let buffer = Buffer.alloc(0);
    let started = false;
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
          connection.priority = applicationName(message) === priorityApplication;
          enqueue(connection, message);
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
        enqueue(connection, ownStatementName(connection, message));
      }
    });
    socket.once('close', () => {
      connection.closed = true;
      connection.queue.length = 0;
      connections.delete(connection);
      // What it prepared goes with it, as it would with a session of its own.
      const statements = [...connection.statements];
      if (statements.length > 0 && !db.closed)
        jobs.push(async () => {
          for (const name of statements) await db.exec(`deallocate "${name.replaceAll('"', '""')}"`).catch(() => undefined);
        });
      void pump();
    });
    socket.on('error', () => socket.destroy());
  });
  return {
    server,
    /**
     * Runs `work` with the session to itself, between two statements or transactions of the connections.
     * @template T
     * @param {() => Promise<T>} work
     * @returns {Promise<T>}
     */
    exclusive: (work) =>
      new Promise((resolve, reject) => {
        jobs.push(() => work().then(resolve, reject));
        void pump();
      }),
    stop: () => {
      for (const connection of connections) connection.socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

try {
  const db = await PGlite.create(dataDir ?? undefined, startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {});
  const { server, exclusive, stop } = serveConnections(db);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve(undefined));
  });
  port.on(
    'message',
    async (/** @type {{ type: 'ping' | 'dump', id: number } | { type: 'close' } | { type: 'crash-on-next-query' }} */ request) => {
      if (request.type === 'crash-on-next-query') {
        crashOnNextQuery = true;
      } else if (request.type === 'dump') {
        // The data folder as a tar, uncompressed: the session is held only while it is read, the host compresses it.
        try {
          const data = await (await exclusive(() => db.dumpDataDir('none'))).arrayBuffer();
          port.postMessage({ type: 'dumped', id: request.id, data }, [data]);
        } catch (error) {
          send({ type: 'dumped', id: request.id, message: error instanceof Error ? error.message : JSON.stringify(error) });
        }
      } else if (request.type === 'ping') {
        // Answered between two protocol messages: the worker runs and its database is open.
        send({ type: 'pong', id: request.id, ok: !db.closed });
      } else if (request.type === 'close') {
        await stop();
        await db.close();
        send({ type: 'closed' });
        port.close();
      }
    },
  );
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
