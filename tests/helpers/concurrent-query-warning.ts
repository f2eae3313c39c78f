import { afterAll } from 'vitest';

/**
 * pg warns once per process when a query is sent on a client that is still running one (Promise.all inside a
 * transaction, for instance); pg 9 will refuse it. Every test file fails when its code made pg say so.
 */
const CONCURRENT_QUERY = 'Calling client.query() when the client is already executing a query';
const seen: string[] = [];
const watch = (warning: Error) => {
  if (warning.message.includes(CONCURRENT_QUERY)) seen.push(warning.stack ?? warning.message);
};
process.on('warning', watch);

// A worker runs file after file: each file's watch leaves with it (else eleven files in one worker make Node warn of a leak).
afterAll(() => {
  process.off('warning', watch);
  if (seen.length > 0) throw new Error(`pg saw concurrent queries on one client:\n${seen.join('\n')}`);
});
