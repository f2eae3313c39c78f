/** HTTP as the rush's families and staff send it (bench section 10, issue 37): one request, its time and its answer. */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface Answer {
  status: number;
  /** 0 when no answer came: `failure` says why (timeout, a lost connection). */
  ms: number;
  code?: string;
  body?: unknown;
  failure?: string;
}

/**
 * The connections the rush's proxy (bench/rush-proxy.ts) opens to each process for bookings, unless
 * RUSH_PROXY_UPSTREAM_CONNECTIONS says otherwise: as the README bounds them (docs/decisions.md, issue 37).
 */
export const proxyBookingConnections = () => Number(process.env.RUSH_PROXY_UPSTREAM_CONNECTIONS ?? 32);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number },
): Promise<Answer> {
  return new Promise((resolve) => {
    const start = performance.now();
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
        done({ status: response.statusCode ?? 0, ms: performance.now() - start, code, body });
      });
      response.on('error', (error) => done({ status: 0, ms: performance.now() - start, failure: error.message }));
    });
    const timer = setTimeout(() => {
      done({ status: 0, ms: performance.now() - start, failure: 'timeout' });
      request.destroy();
    }, options.timeoutMs ?? 60_000);
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, ms: performance.now() - start, failure: error.code ?? error.message }),
    );
    request.end(options.body);
  });
}
