import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveryBody } from '../core/webhooks/delivery-body.js';
import { SIGNATURE_VERSION, signDetached } from '../core/webhooks/sign.js';
import { ApiCallError, type ApiTarget, apiCall } from './api-call.js';

interface StreamedEvent {
  id: string;
  type: string;
  accountId: string | null;
  timestamp: string;
  details: unknown;
}

export interface ListenOptions {
  target: ApiTarget;
  forwardTo: string;
  /** Only these types; all when unset. */
  events?: string[];
  /** Where the session's JWKS is served (0: any free port; DEFAULTS.listenJwksPort when not given). */
  jwksPort: number;
  out: (line: string) => void;
  signal?: AbortSignal;
}

const RECONNECT_MS = 1000;
const FORWARD_TIMEOUT_MS = 10_000;
/** How much of a refusing endpoint's answer a line shows. */
const ANSWER_EXCERPT = 200;

/**
 * `fas listen`: follows the server's event stream and forwards each event to a local URL as a
 * real signed delivery (the same body and headers as FAS's dispatcher sends), printing one line per
 * event with the local answer. It cannot sign with the server's key (an API key does not reach
 * it), so, like `stripe listen`, it makes a key for the session and serves its JWKS locally: the
 * receiver package verifies deliveries with that `jwksUrl` and the workspace id printed at start.
 */
export async function listen(o: ListenOptions): Promise<void> {
  const { workspaceId } = await apiCall<{ workspaceId: string }>(o.target, 'GET', '/api/v2/workspace');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `fas-listen-${randomBytes(6).toString('hex')}`;
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS512', use: 'sig' }] });
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new ApiCallError(
              `port ${o.jwksPort} for the session's JWKS is taken (another fas listen?): choose one with --jwks-port (0: any free port)`,
            )
          : err,
      ),
    );
    server.listen(o.jwksPort, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  o.out(`Ready: forwarding ${o.events?.join(', ') ?? 'every event'} of workspace ${workspaceId} to ${o.forwardTo}`);
  o.out(`Verify with jwksUrl ${base}/.well-known/jwks.json and tenantId ${workspaceId} (a key of this session; Ctrl-C stops)`);
  o.out(
    `The receiver package's example, verifying this session's deliveries: FAS_URL=${base} FAS_WORKSPACE_ID=${workspaceId} node receiver.mjs`,
  );
  const key = { kid, privateKey };
  let lastId: string | undefined;
  try {
    while (!o.signal?.aborted) {
      try {
        await follow(o, lastId, async (e) => {
          lastId = e.id;
          if (o.events && !o.events.includes(e.type)) return;
          o.out(`${new Date().toISOString()}  ${e.type}  ${e.id}  -> ${await forward(o, key, workspaceId, e)}`);
        });
      } catch (err) {
        if (o.signal?.aborted) break;
        if (err instanceof ApiCallError) throw err;
        o.out(`stream interrupted (${(err as Error).message}); reconnecting`);
      }
      await new Promise((r) => setTimeout(r, RECONNECT_MS));
    }
  } finally {
    server.close();
  }
}

/** Reads the stream until it ends, calling `each` for every message in order. */
async function follow(o: ListenOptions, lastId: string | undefined, each: (e: StreamedEvent) => Promise<void>): Promise<void> {
  const res = await fetch(`${o.target.url}/api/v2/events/stream`, {
    headers: { authorization: `APIKey ${o.target.apiKey}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
    signal: o.signal,
  });
  if (!res.ok || !res.body) {
    const why = `the event stream answered ${res.status}: ${await res.text()}`;
    // The server busy or restarting: try again; a refused key or a bad request will not get better.
    if (res.status === 429 || res.status >= 500) throw new Error(why);
    throw new ApiCallError(why);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) return;
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (data) await each(JSON.parse(data) as StreamedEvent);
    }
  }
}

/** One signed POST to the local URL; answers its status (or why there was none). */
async function forward(o: ListenOptions, key: Parameters<typeof signDetached>[0], tenantId: string, e: StreamedEvent): Promise<string> {
  // The delivery's webhookId is the event id: each event is forwarded once per session.
  const body = deliveryBody({ id: e.id, type: e.type, accountId: e.accountId, occurredAt: new Date(e.timestamp), details: e.details });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await signDetached(key, body, { timestamp, webhookId: e.id, tenantId });
  try {
    const res = await fetch(o.forwardTo, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'x-service-signature': signature,
        'x-service-signature-version': SIGNATURE_VERSION,
        'x-service-timestamp': String(timestamp),
        'x-service-webhook-id': e.id,
        'x-service-retry-count': '0',
        'x-tenant-id': tenantId,
      },
      body: Buffer.from(body),
    });
    const answer = Buffer.from(await res.arrayBuffer());
    if (res.status >= 200 && res.status < 300) return `${res.status}`;
    // A refusal says why: the endpoint's answer, on the same line.
    const excerpt = answer
      .subarray(0, ANSWER_EXCERPT * 4)
      .toString('utf8')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, ANSWER_EXCERPT);
    return excerpt ? `${res.status} ${JSON.stringify(excerpt)}` : `${res.status} (empty answer)`;
  } catch (err) {
    return `failed (${(err as Error).cause ?? (err as Error).message})`;
  }
}
