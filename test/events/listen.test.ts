import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookVerifier } from '../../packages/receiver/src/index.js';
import { runCli } from '../../src/cli/run-cli.js';
import { EVENT_TYPES } from '../../src/core/webhooks/events.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/**
 * Resolves once the server has opened an event stream (written its `: connected` line, after it
 * took the feed position it starts from): a client that does not show its stream (`fas listen`)
 * is then following it.
 */
function streamConnected(): Promise<void> {
  let stream: ServerResponse | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/api/v2/events/stream')) stream = res;
  };
  h.app.server.on('request', onRequest);
  return until('the event stream to connect', () => stream?.headersSent === true, 20_000).finally(() =>
    h.app.server.off('request', onRequest),
  );
}

const createAccount = (apiKey: string, email: string) =>
  rawRequest(h, 'POST', '/api/v2/accounts', {
    headers: { authorization: `APIKey ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'individual', email }),
  });

/** An open SSE stream, its messages parsed as they come. */
async function openStream(apiKey: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${h.baseUrl}/api/v2/events/stream`, {
    headers: { authorization: `APIKey ${apiKey}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const messages: { id: string; event: string; data: any }[] = [];
  let text = '';
  const reading = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const fields: Record<string, string> = Object.fromEntries(
          text
            .slice(0, end)
            .split('\n')
            .filter((l) => !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        );
        text = text.slice(end + 2);
        if (fields.data) messages.push({ id: fields.id ?? '', event: fields.event ?? '', data: JSON.parse(fields.data) });
      }
    }
  })().catch(() => {});
  const close = async () => {
    controller.abort();
    await reading;
  };
  return { res, messages, close };
}

describe('GET /api/v2/events/stream', () => {
  it('sends each new event of the workspace only, as the events API lists it; Last-Event-ID resumes', async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    await createAccount(ws.apiKey, 'before@example.com');
    const stream = await openStream(ws.apiKey);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await createAccount(other.apiKey, 'other@example.com');
    const created = await createAccount(ws.apiKey, 'during@example.com');
    const during = () => stream.messages.find((x) => x.data.accountId === created.body.accountId);
    await until('the event on the stream', () => during() !== undefined);
    // The stream sends in feed order: once a later event of the workspace arrives, any other event
    // (another workspace's, or one sent twice) would have come before it.
    const marker = await createAccount(ws.apiKey, 'marker@example.com');
    const markerMessage = () => stream.messages.find((x) => x.data.accountId === marker.body.accountId);
    await until('the marker event on the stream', () => markerMessage() !== undefined);
    // The stream starts at the feed's horizon: while an older transaction anywhere on the server is
    // still open (other suites on a shared PostgreSQL), an event committed just before connecting
    // comes too. Never another workspace's, never one twice.
    const emails = stream.messages.map((x) => x.data.details.account.email);
    expect(emails.filter((e) => e !== 'before@example.com')).toEqual(['during@example.com', 'marker@example.com']);
    expect(new Set(stream.messages.map((x) => x.id)).size).toBe(stream.messages.length);
    const m = during();
    expect(m!.event).toBe('account_created');
    expect(m!.data.accountId).toBe(created.body.accountId);
    const listed = await rawRequest(h, 'GET', `/api/v2/events/${m!.id}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(m!.data).toEqual(listed.body);
    await stream.close();

    await createAccount(ws.apiKey, 'missed-1@example.com');
    await createAccount(ws.apiKey, 'missed-2@example.com');
    const resumed = await openStream(ws.apiKey, markerMessage()!.id);
    await until('the missed events', () => resumed.messages.length >= 2);
    expect(resumed.messages.map((x) => x.data.details.account.email)).toEqual(['missed-1@example.com', 'missed-2@example.com']);
    await resumed.close();
  }, 30_000);

  it('refuses a Last-Event-ID of another workspace (404) and a malformed one (400)', async () => {
    const a = await workspaceFactory(h.deps);
    const b = await workspaceFactory(h.deps);
    await createAccount(a.apiKey, 'a@example.com');
    const [event] = await h.deps.db.event.findMany({ where: { workspaceId: a.workspaceId }, select: { id: true } });
    const foreign = await fetch(`${h.baseUrl}/api/v2/events/stream`, {
      headers: { authorization: `APIKey ${b.apiKey}`, 'last-event-id': event!.id },
    });
    expect(foreign.status).toBe(404);
    const bad = await fetch(`${h.baseUrl}/api/v2/events/stream`, {
      headers: { authorization: `APIKey ${b.apiKey}`, 'last-event-id': 'nope' },
    });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${h.baseUrl}/api/v2/events/stream`);
    expect(anonymous.status).toBe(401);
  });
});

async function cli(args: string[], signal?: AbortSignal) {
  let stdout = '';
  let stderr = '';
  const code = runCli(args, {
    env: { ...process.env, FAS_URL: h.baseUrl, LOG_LEVEL: 'silent' },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    signal,
  });
  return { code, out: () => stdout, err: () => stderr };
}

describe('fas listen and fas trigger', () => {
  it('forwards a real event to a local server within 1 s, signed so that the receiver package verifies it', async () => {
    const ws = await workspaceFactory(h.deps);
    const arrived: { at: number; verified: Awaited<ReturnType<ReturnType<typeof createWebhookVerifier>['verify']>> }[] = [];
    let verifier: ReturnType<typeof createWebhookVerifier> | undefined;
    const local = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        try {
          arrived.push({ at: Date.now(), verified: await verifier!.verify(Buffer.concat(chunks), req.headers) });
          res.writeHead(204).end();
        } catch (err) {
          res.writeHead(400).end(String(err));
        }
      });
    });
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hook`;
    const stop = new AbortController();
    const connected = streamConnected();
    // Port 0: tests run in parallel (the default, 7871, is the same every session).
    const run = await cli(
      ['listen', '--forward-to', hook, '--events', 'account_created', '--api-key', ws.apiKey, '--jwks-port', '0'],
      stop.signal,
    );
    try {
      await until('listen ready', () => /jwksUrl/.test(run.out()));
      const jwksUrl = /jwksUrl (\S+)/.exec(run.out())![1]!;
      expect(run.out()).toContain(`tenantId ${ws.workspaceId}`);
      verifier = createWebhookVerifier({ jwksUrl, tenantId: ws.workspaceId });
      // listen prints Ready before it opens its stream: wait for the server to have opened it.
      await connected;
      const startedAt = Date.now();
      const created = await createAccount(ws.apiKey, 'listen@example.com');
      await until('the forwarded delivery', () => arrived.length >= 1);
      expect(arrived[0]!.at - startedAt).toBeLessThan(1000);
      const { verified } = arrived[0]!;
      expect(verified.type).toBe('account_created');
      expect(verified.accountId).toBe(created.body.accountId);
      const [event] = await h.deps.db.event.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
      expect(verified.webhookId).toBe(event!.id);
      await until('the printed line', () => /account_created\s+\S+\s+-> 204/.test(run.out()));

      // --events filters: a bank account link is not forwarded, the next account is.
      const trig = await cli(['trigger', 'crypto_wallet_created', '--api-key', ws.apiKey, '--json']);
      expect(await trig.code, trig.err()).toBe(0);
      await until('the second forward', () => arrived.length >= 2);
      expect(arrived.map((a) => a.verified.type)).toEqual(['account_created', 'account_created']);
    } finally {
      stop.abort();
      expect(await run.code).toBe(0);
      await new Promise<void>((r) => local.close(() => r()));
    }
  }, 30_000);

  it("a refused forward prints the endpoint's status and answer; the start prints a ready-to-paste receiver line", async () => {
    const ws = await workspaceFactory(h.deps);
    const local = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(400, { 'content-type': 'text/plain' }).end(`invalid_signature\n${'x'.repeat(1000)}`));
    });
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hook`;
    const stop = new AbortController();
    const connected = streamConnected();
    const run = await cli(
      ['listen', '--forward-to', hook, '--events', 'account_created', '--api-key', ws.apiKey, '--jwks-port', '0'],
      stop.signal,
    );
    try {
      await until('listen ready', () => /node receiver\.mjs/.test(run.out()));
      const base = /jwksUrl (http:\/\/127\.0\.0\.1:\d+)\/\.well-known\/jwks\.json/.exec(run.out())![1]!;
      expect(run.out()).toContain(`FAS_URL=${base} FAS_WORKSPACE_ID=${ws.workspaceId} node receiver.mjs`);
      await connected;
      await createAccount(ws.apiKey, 'refused@example.com');
      await until('the printed refusal', () => /account_created\s+\S+\s+-> 400 /.test(run.out()));
      const line = run
        .out()
        .split('\n')
        .find((l) => l.includes('-> 400'))!;
      expect(line).toMatch(/-> 400 "invalid_signature x{150,}"$/);
      expect(line.length).toBeLessThan(400); // an excerpt, on one line
    } finally {
      stop.abort();
      expect(await run.code).toBe(0);
      await new Promise<void>((r) => local.close(() => r()));
    }
  }, 30_000);

  it('a JWKS port already taken exits 1 naming it and --jwks-port', async () => {
    const ws = await workspaceFactory(h.deps);
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = await cli(['listen', '--forward-to', 'http://127.0.0.1:9/hook', '--api-key', ws.apiKey, '--jwks-port', String(port)]);
      expect(await run.code).toBe(1);
      expect(run.err()).toContain(`port ${port}`);
      expect(run.err()).toContain('--jwks-port');
    } finally {
      await new Promise<void>((r) => taken.close(() => r()));
    }
  });

  it('listens on port 7871 unless told otherwise (the help says so)', async () => {
    const run = await cli(['listen', '--help']);
    expect(await run.code).toBe(0);
    expect(run.out()).toMatch(/--jwks-port <port>\s+port of the session's local JWKS on 127\.0\.0\.1 \(default\s+7871; 0: any free/);
  });

  it('fas trigger emits each of the 25 event types for real (an erasure with an admin token)', async () => {
    const ws = await workspaceFactory(h.deps);
    for (const type of EVENT_TYPES) {
      const run = await cli(['trigger', type, '--api-key', type === 'account_erased' ? ws.adminToken : ws.apiKey, '--json']);
      expect(await run.code, `${type}: ${run.err()}`).toBe(0);
      const result = JSON.parse(run.out());
      const event = await rawRequest(h, 'GET', `/api/v2/events/${result.eventId}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
      expect(event.body.type).toBe(type);
    }
  }, 120_000);

  it.each([
    [['listen', '--api-key', 'k'], /--forward-to/],
    [['listen', '--forward-to', 'ftp://x', '--api-key', 'k'], /http/],
    [['listen', '--forward-to', 'http://localhost:1/h', '--events', 'nope', '--api-key', 'k'], /unknown event type nope/],
    [['trigger', 'nope', '--api-key', 'k'], /unknown event type/],
    [['trigger', 'account_created'], /--api-key is required/],
  ])('usage errors exit 2: %j', async (args, message) => {
    const run = await cli(args, undefined);
    expect(await run.code).toBe(2);
    expect(run.err()).toMatch(message);
  });

  it('a rejected API key exits 1 with the server answer', async () => {
    const run = await cli(['trigger', 'account_created', '--api-key', 'fas_nope']);
    expect(await run.code).toBe(1);
    expect(run.err()).toMatch(/401/);
  });
});
