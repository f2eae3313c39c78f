/**
 * One autocannon run with a sequence of requests per connection, in a process of its own (as loadTest
 * runs the CLI), so that it never shares the server's event loop. Prints autocannon's result as JSON.
 * Argument: JSON { url, connections, seconds, requests: [{ method, path, headers?, body? }] }.
 */
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]!) as {
  url: string;
  connections: number;
  seconds: number;
  requests: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }[];
};
const result = await autocannon({ url: spec.url, connections: spec.connections, duration: spec.seconds, requests: spec.requests });
process.stdout.write(JSON.stringify({ requests: result.requests, latency: result.latency, errors: result.errors, non2xx: result.non2xx }));
