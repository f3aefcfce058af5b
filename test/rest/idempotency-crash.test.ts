import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { AppError } from '../../src/core/errors.js';
import { claimIdempotencyKey } from '../../src/core/idempotency/idempotency-store.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { enableWebhookTarget } from '../../src/core/webhooks/enable-webhook-target.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const request = (body: unknown) => ({ key: 'crash-1', method: 'POST', path: '/api/v2/accounts', body });

/**
 * The REST layer claims the key, the use case commits its change together with the answer, and
 * only then would the layer have recorded the answer: a process dying at that point (the layer's
 * step is simply not run here) must leave an answer a retry replays, never a second create.
 */
describe('idempotency across a crash after the commit', () => {
  it('a retry replays the answer committed with the change and creates nothing more', async () => {
    const ws = await workspaceFactory(h.deps);
    const body = { type: 'individual', email: 'crash@example.com' };
    expect(await claimIdempotencyKey(ws.ctx, request(body))).toEqual({ kind: 'claimed' });
    const pending = { key: 'crash-1', successStatus: 201, recorded: false };
    const created = await createAccount({ ...ws.ctx, idempotency: pending }, body);
    expect(pending.recorded).toBe(true);
    // "Crash": the answer is never settled by the HTTP layer. The retry:
    const retry = await claimIdempotencyKey(ws.ctx, request(body));
    expect(retry).toEqual({ kind: 'replay', statusCode: 201, body: JSON.stringify(created) });
    expect(await h.deps.db.account.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
  });

  it('enabling a disabled target stores its answer with the change', async () => {
    const ws = await workspaceFactory(h.deps);
    const target = await createWebhookTarget(ws.ctx, { url: 'https://receiver.example.com/hooks' });
    await h.deps.db.webhookTarget.updateMany({
      where: { id: target.id },
      data: { status: 'disabled', disabledReason: '5 retries failed', disabledAt: new Date() },
    });
    const path = `/api/v2/webhook-targets/${target.id}/enable`;
    const enable = { key: 'crash-2', method: 'POST', path, body: undefined };
    expect(await claimIdempotencyKey(ws.ctx, enable)).toEqual({ kind: 'claimed' });
    const pending = { key: 'crash-2', successStatus: 200, recorded: false };
    const enabled = await enableWebhookTarget({ ...ws.ctx, idempotency: pending }, { targetId: target.id });
    expect(enabled.status).toBe('active');
    expect(pending.recorded).toBe(true);
    expect(await claimIdempotencyKey(ws.ctx, enable)).toEqual({ kind: 'replay', statusCode: 200, body: JSON.stringify(enabled) });
  });

  it('a change that rolls back stores no answer', async () => {
    const ws = await workspaceFactory(h.deps);
    const body = { type: 'individual', email: 'not-an-email' };
    await claimIdempotencyKey(ws.ctx, request(body));
    const pending = { key: 'crash-1', successStatus: 201, recorded: false };
    await expect(createAccount({ ...ws.ctx, idempotency: pending }, body)).rejects.toBeInstanceOf(AppError);
    expect(pending.recorded).toBe(false);
    const row = await h.deps.db.idempotencyKey.findUniqueOrThrow({
      where: { workspaceId_key: { workspaceId: ws.workspaceId, key: 'crash-1' } },
      select: { statusCode: true, responseBody: true },
    });
    expect(row).toEqual({ statusCode: null, responseBody: null });
  });
});
