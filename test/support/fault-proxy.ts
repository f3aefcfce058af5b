import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: pass it to the server (or not), then give the client the
 * server's answer, an answer of its own (a problem document, as the server would write it), or a
 * reset connection.
 */
export type Fault =
  | { forward: boolean; answer: 'pass' }
  | { forward: boolean; answer: 'reset' }
  | { forward: boolean; answer: { status: 429 | 503 | 409; retryAfter?: string; code?: string } };

export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** When the request arrived, and when the proxy finished with it (answered or reset). */
  arrivedAt: number;
  doneAt: number;
}

const CODES = { 429: 'RATE_LIMITED', 503: 'OVERLOADED', 409: 'IDEMPOTENCY_KEY_IN_USE' } as const;
const TITLES = { 429: 'Too many requests', 503: 'Service overloaded', 409: 'Idempotency key in use' } as const;

function problem(res: ServerResponse, status: 429 | 503 | 409, retryAfter: string | undefined, code: string | undefined): void {
  const requestId = randomUUID();
  const body = JSON.stringify({
    type: `https://fas.example/problems/${(code ?? CODES[status]).toLowerCase()}`,
    title: TITLES[status],
    status,
    code: code ?? CODES[status],
    detail: 'injected by the test proxy',
    requestId,
  });
  res.writeHead(status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'x-request-id': requestId,
    ...(retryAfter ? { 'retry-after': retryAfter } : {}),
  });
  res.end(body);
}

/**
 * A real HTTP server in front of the FAS server under test that plays `faults` in order, one per
 * request (requests past the list pass through), and records every request it got.
 */
export async function startFaultProxy(target: string, faults: Fault[] = []) {
  const requests: ProxiedRequest[] = [];
  let queue = [...faults];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const seen: ProxiedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        arrivedAt: Date.now(),
        doneAt: 0,
      };
      requests.push(seen);
      const fault = queue.shift() ?? { forward: true, answer: 'pass' };
      let upstream: Response | undefined;
      if (fault.forward) {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)),
        ) as Record<string, string>;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        upstream = await fetch(target + seen.url, { method: seen.method, headers, body });
      }
      seen.doneAt = Date.now();
      if (fault.answer === 'reset') {
        await upstream?.body?.cancel();
        req.socket.destroy();
      } else if (fault.answer === 'pass' && upstream) {
        const text = Buffer.from(await upstream.arrayBuffer());
        const headers: Record<string, string> = {};
        upstream.headers.forEach((v, k) => {
          if (!['content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'content-length'].includes(k)) headers[k] = v;
        });
        res.writeHead(upstream.status, headers).end(text);
      } else if (fault.answer !== 'pass') {
        await upstream?.body?.cancel();
        problem(res, fault.answer.status, fault.answer.retryAfter, fault.answer.code);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the faults still to play and forgets the requests seen. */
    plan(next: Fault[]) {
      queue = [...next];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
