import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

// Issue 33: an unread stream from the oldest event buffered the whole feed in the server's memory
// (5 streams over 200,000 events: 284 -> 907 MB) and kept it after the sockets closed.
const SLOW_READER_MS = 1500;
const EVENTS = 5_000;
const MiB = 1024 * 1024;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ app: () => ({ streams: { slowReaderMs: SLOW_READER_MS } }) });
});
afterAll(async () => h?.close());

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** Buffers held by this process (the server's stream buffers are Buffers), after a full collection. */
const arrayBuffers = () => {
  gc();
  return process.memoryUsage().arrayBuffers;
};

/** `count` events of about 4 KB each, older than every transaction; the oldest one's id. */
async function seedEvents(workspaceId: string, count: number): Promise<string> {
  await h.database.sql(Prisma.sql`
    INSERT INTO events (id, workspace_id, type, account_id, occurred_at, details, tx_id)
    SELECT gen_random_uuid(), ${workspaceId}::uuid, 'account_status_updated', md5('account-' || (i % 100))::uuid,
      now() - interval '1 day' + (i * interval '1 second'),
      jsonb_build_object('account', jsonb_build_object('accountId', md5('account-' || (i % 100))::uuid, 'status', 'active',
        'note', repeat('x', 4000), 'email', 'holder' || (i % 100) || '@example.com')),
      i - ${count} - 1
    FROM generate_series(1, ${count}) AS i`);
  const [oldest] = await h.database.sql<{ id: string }>(
    Prisma.sql`SELECT id::text AS id FROM events WHERE workspace_id = ${workspaceId}::uuid ORDER BY tx_id, seq LIMIT 1`,
  );
  return oldest!.id;
}

/** A stream request on a raw socket that reads nothing of the answer until resumed. */
function unreadStream(key: string, lastEventId: string): Promise<net.Socket> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      // The first bytes say the server answered; then nothing more is read (the kernel's buffers fill).
      socket.once('data', (first: Buffer) => {
        socket.pause();
        socket.unshift(first);
        answeredSockets.add(socket);
      });
      socket.write(
        `GET /api/v2/events/stream HTTP/1.1\r\nHost: x\r\nAuthorization: APIKey ${key}\r\nLast-Event-ID: ${lastEventId}\r\n\r\n`,
      );
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const answeredSockets = new WeakSet<net.Socket>();
/** The server answered: the stream is open and counted. */
const answered = (socket: net.Socket) => answeredSockets.has(socket);

/** Whether `n` more streams of the workspace open now (at most 5 are open at a time); they are closed at once. */
async function moreOpen(key: string, n = 1): Promise<boolean> {
  const c = new AbortController();
  const opened = await Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${h.baseUrl}/api/v2/events/stream`, { headers: { authorization: `APIKey ${key}` }, signal: c.signal }).then(
        (r) => r.status === 200,
      ),
    ),
  );
  c.abort();
  return opened.every(Boolean);
}

describe('an event stream whose client does not read', () => {
  it('holds a bounded buffer, is dropped after the slow-reader limit, and its memory returns when it closes', async () => {
    const ws = await workspaceFactory(h.deps);
    const oldest = await seedEvents(ws.workspaceId, EVENTS);
    const base = arrayBuffers();
    const sockets = await Promise.all(Array.from({ length: 5 }, () => unreadStream(ws.apiKey, oldest)));
    for (const s of sockets) s.on('error', () => {});
    let peak = 0;
    try {
      await until('the five streams to answer', () => sockets.every(answered), 10_000);
      // Until the server has dropped all five (five others may then open), the buffers stay small,
      // though the feed holds 5 x 20 MB of unread messages (the sockets take a few MB each).
      let sampled = 0;
      await until(
        'the server to drop the five readers that read nothing',
        async () => {
          if (Date.now() - sampled < 250) return false;
          sampled = Date.now();
          peak = Math.max(peak, arrayBuffers() - base);
          expect(peak / MiB, 'buffers held by the server for 5 unread streams (MiB)').toBeLessThan(6);
          return moreOpen(ws.apiKey, 5);
        },
        SLOW_READER_MS + 15_000,
      );
    } finally {
      for (const s of sockets) s.destroy();
    }
    await until(
      `the buffers to return (${((arrayBuffers() - base) / MiB).toFixed(1)} MiB held)`,
      () => arrayBuffers() - base < 2 * MiB,
      10_000,
    );
  }, 40_000);

  it('tells a reader dropped for reading nothing why, then ends the answer', async () => {
    const ws = await workspaceFactory(h.deps);
    const oldest = await seedEvents(ws.workspaceId, 2_000);
    const socket = await unreadStream(ws.apiKey, oldest);
    socket.on('error', () => {});
    // The other four places taken: a sixth opens only once the unread one is dropped.
    const others = Array.from({ length: 4 }, () => new AbortController());
    try {
      for (const c of others) {
        const res = await fetch(`${h.baseUrl}/api/v2/events/stream`, {
          headers: { authorization: `APIKey ${ws.apiKey}` },
          signal: c.signal,
        });
        expect(res.status).toBe(200);
      }
      await until('the unread stream to answer', () => answered(socket), 10_000);
      await until('the unread stream to be dropped', () => moreOpen(ws.apiKey), SLOW_READER_MS + 10_000);
      const chunks: Buffer[] = [];
      socket.on('data', (d: Buffer) => chunks.push(d));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.resume();
      await ended;
      const text = Buffer.concat(chunks).toString();
      expect(text.startsWith('HTTP/1.1 200')).toBe(true);
      expect(text).toContain(': closed: the client read nothing for too long; reconnect with Last-Event-ID to resume\n\n');
      expect(text.endsWith('0\r\n\r\n'), 'the answer ends (its last chunk)').toBe(true);
      // What it got before is whole messages in feed order, the oldest first.
      expect(text).toContain('event: account_status_updated');
    } finally {
      socket.destroy();
      for (const c of others) c.abort();
    }
  }, 30_000);
});
