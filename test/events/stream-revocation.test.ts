import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/workspaces/create-api-key.js';
import { revokeApiKey } from '../../src/core/workspaces/revoke-api-key.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster, startHarness } from '../support/harness.js';
import { until } from '../support/until.js';

// Issue 33: a revoked key's open stream kept receiving events (holder emails included) while the
// same key got 401 on every other request.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const REVOKED = ': closed: the credential was revoked\n\n';

/** An open stream read as it comes: its text so far, and when (ms since epoch) it ended. */
async function openStream(authorization: string) {
  const c = new AbortController();
  const res = await fetch(`${h.baseUrl}/api/v2/events/stream`, { headers: { authorization }, signal: c.signal });
  expect(res.status).toBe(200);
  const s = { text: '', endedAt: 0, close: () => c.abort() };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        s.text += decoder.decode(value, { stream: true });
      }
    } catch {}
    s.endedAt = Date.now();
  })();
  return s;
}

type Stream = Awaited<ReturnType<typeof openStream>>;
const created = (s: Stream) => s.text.split('event: account_created').length - 1;

/** Creates an account as `apiKey` and waits until `s` got its event. */
async function streamedAccount(s: Stream, apiKey: string): Promise<void> {
  const before = created(s);
  expect((await poster(h, apiKey)('/api/v2/accounts', { type: 'individual', email: 'holder@example.com' })).status).toBe(201);
  await until('the stream to get the new account', () => created(s) > before, 10_000);
}

describe('an open event stream whose credential is revoked', () => {
  it('ends within the notification delay when another process revokes its key (plain SQL), saying why; the other keys stream on', async () => {
    const ws = await workspaceFactory(h.deps);
    const second = await createApiKey(ws.ctx, { name: 'second' });
    const stream = await openStream(`APIKey ${ws.apiKey}`);
    const other = await openStream(`APIKey ${second.key}`);
    try {
      await streamedAccount(stream, second.key);
      // Nothing of this process learns of it but the notification: no use case ran here.
      await h.database.sql(Prisma.sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${ws.apiKeyId}::uuid`);
      const revokedAt = Date.now();
      await until('the revoked key to lose its stream', () => stream.endedAt > 0, 5000);
      expect(stream.endedAt - revokedAt).toBeLessThan(1000);
      expect(stream.text.endsWith(REVOKED)).toBe(true);
      // The same workspace's other key is not affected.
      await streamedAccount(other, second.key);
      expect(other.endedAt).toBe(0);
      expect(created(stream)).toBe(1);
    } finally {
      stream.close();
      other.close();
    }
  }, 30_000);

  it('ends at once when this process revokes its key (the API)', async () => {
    const ws = await workspaceFactory(h.deps);
    const stream = await openStream(`APIKey ${ws.apiKey}`);
    try {
      await streamedAccount(stream, ws.apiKey);
      await revokeApiKey(ws.ctx, { apiKeyId: ws.apiKeyId });
      const revokedAt = Date.now();
      await until('the revoked key to lose its stream', () => stream.endedAt > 0, 5000);
      expect(stream.endedAt - revokedAt).toBeLessThan(1000);
      expect(stream.text.endsWith(REVOKED)).toBe(true);
    } finally {
      stream.close();
    }
  }, 30_000);

  it("ends when an admin token's admin is revoked, and events after the revocation never reach it", async () => {
    const ws = await workspaceFactory(h.deps);
    const stream = await openStream(`Bearer ${ws.adminToken}`);
    try {
      await streamedAccount(stream, ws.apiKey);
      await h.database.sql(Prisma.sql`UPDATE admin_tokens SET revoked_at = now() WHERE admin_id = ${ws.adminId}::uuid`);
      // Committed after the revocation, while the stream may still be open: the stream waits for
      // the re-check of its credential before sending anything more.
      expect((await poster(h, ws.apiKey)('/api/v2/accounts', { type: 'individual', email: 'later@example.com' })).status).toBe(201);
      await until('the revoked token to lose its stream', () => stream.endedAt > 0, 5000);
      expect(stream.text).not.toContain('later@example.com');
      expect(stream.text.endsWith(REVOKED)).toBe(true);
    } finally {
      stream.close();
    }
  }, 30_000);
});
