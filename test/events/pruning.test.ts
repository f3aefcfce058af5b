import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { pruneEvents } from '../../src/core/events/prune-events.js';
import { pruneOnce } from '../../src/server/event-pruning.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const DAY = 86_400_000;

describe('event retention', () => {
  it('prunes only events past the retention, oldest first, in bounded batches, keeping those a pending delivery needs', async () => {
    const ws = await workspaceFactory(h.deps);
    const now = new Date();
    const event = (ageDays: number) => ({
      id: randomUUID(),
      workspaceId: ws.workspaceId,
      type: 'account_created',
      accountId: null,
      occurredAt: new Date(now.getTime() - ageDays * DAY),
      // An account_created event's details as the contract has them (the age in the reference).
      details: {
        account: {
          accountId: randomUUID(),
          type: 'individual',
          email: `aged-${ageDays}@example.com`,
          reference: `age ${ageDays}`,
          status: 'pending',
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
      },
    });
    const old = Array.from({ length: 7 }, (_, i) => event(31 + i));
    const recent = [event(29), event(1), event(0)];
    const needed = event(45);
    await h.deps.db.event.createMany({ data: [...old, ...recent, needed] });
    const target = await h.deps.db.webhookTarget.create({
      data: { id: randomUUID(), workspaceId: ws.workspaceId, url: 'https://hooks.example.com/p', createdAt: now, updatedAt: now },
      select: { id: true },
    });
    const finished = { targetId: target.id, workspaceId: ws.workspaceId, eventType: 'account_created', nextAttemptAt: now, createdAt: now };
    await h.deps.db.webhookDelivery.createMany({
      data: [
        { id: randomUUID(), eventId: needed.id, status: 'pending', ...finished },
        { id: randomUUID(), eventId: old[0]!.id, status: 'succeeded', ...finished },
      ],
    });

    const before = new Date(now.getTime() - 30 * DAY);
    expect(await pruneEvents(h.deps.sql, { before, batch: 3 })).toBe(3);
    // The oldest went first (the needed one is older still, and stays).
    const left = await h.deps.db.event.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
    const ids = new Set(left.map((e) => e.id));
    expect(
      [...old]
        .sort((a, b) => +a.occurredAt - +b.occurredAt)
        .filter((e) => !ids.has(e.id))
        .map((e) => e.id),
    ).toHaveLength(3);
    expect(ids.has(old[6]!.id) || ids.has(old[5]!.id) || ids.has(old[4]!.id)).toBe(false);

    expect(await pruneOnce(h.deps.sql, { retentionDays: 30, now, batch: 3 })).toBe(4);
    const kept = await h.deps.db.event.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
    expect(kept.map((e) => e.id).sort()).toEqual([...recent.map((e) => e.id), needed.id].sort());
    // The finished delivery of a pruned event went with it; the pending one is untouched.
    expect(await h.deps.db.webhookDelivery.count({ where: { workspaceId: ws.workspaceId } })).toBe(1);
    const listed = await rawRequest(h, 'GET', '/api/v2/events', { headers: { authorization: `APIKey ${ws.apiKey}` } });
    expect(listed.body.total).toBe(4);
  });

  it('FAS_EVENT_RETENTION_DAYS: 30 by default, at least 1', () => {
    expect(loadConfig({}).eventRetentionDays).toBe(30);
    expect(loadConfig({ FAS_EVENT_RETENTION_DAYS: '90' }).eventRetentionDays).toBe(90);
    expect(() => loadConfig({ FAS_EVENT_RETENTION_DAYS: '0' })).toThrow(/FAS_EVENT_RETENTION_DAYS/);
  });
});
