import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/core/events/list-events.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { activeAccount, bankBody, fundFor } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

// Attribution where people look: each entry of a transaction's status history names who made it
// (an API key by id and name, a person by id, email and role, or the system), the same over REST,
// tRPC and GraphQL and in the status-updated webhook; history from before actors were recorded
// reads null, its first entry naming the creator its audit columns know.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
let key: { key: string; apiKeyId: string };
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Actors');
  accountId = await activeAccount(ws.ctx, 'actors@example.com');
  key = await trpcCaller(h, ws.adminToken).apiKeys.create.mutate({ name: 'billing-service' });
});
afterAll(async () => h?.close());

const ACTOR_FIELDS = 'kind apiKeyId apiKeyName adminId email role';
const historyOver = async (id: string) => {
  const rest = await rawRequest(h, 'GET', `/api/v2/transactions/${id}`, { headers: { authorization: `APIKey ${ws.apiKey}` } });
  const trpc = await trpcCaller(h, ws.adminToken).transactions.get.query({ transactionId: id });
  const gql = await graphql(h, ws.apiKey, `{ transaction(id: "${id}") { statusHistory { status actor { ${ACTOR_FIELDS} } } } }`);
  const strip = (a: Record<string, unknown> | null) => (a ? Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)) : null);
  return {
    rest: rest.body.statusHistory as { status: string; actor: unknown }[],
    trpc: trpc.statusHistory,
    gql: (gql.data.transaction.statusHistory as { status: string; actor: Record<string, unknown> | null }[]).map((e) => ({
      status: e.status,
      actor: strip(e.actor),
    })),
  };
};

describe('who made each status change', () => {
  it('names the key, the person and the system, alike over REST, tRPC and GraphQL and in the webhook', async () => {
    await fundFor(ws.ctx, bankBody(accountId));
    const created = await poster(h, key.key)('/api/v2/transactions/bank', bankBody(accountId));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const byKey = { kind: 'api_key', apiKeyId: key.apiKeyId, apiKeyName: 'billing-service' };
    expect(created.body.statusHistory[0].actor).toEqual(byKey);
    // A sandbox simulation asked for by the key: the key.
    const moved = await poster(h, key.key)(`/api/v2/simulations/transactions/${id}/status`, { status: 'processing' });
    expect(moved.body.statusHistory.map((e: { actor: unknown }) => e.actor)).toEqual([byKey, byKey]);
    // An admin in the dashboard: the person.
    await trpcCaller(h, ws.adminToken).transactions.updateStatus.mutate({ transactionId: id, status: 'completed', statusReason: 'ok' });
    const byPerson = { kind: 'person', adminId: ws.adminId, email: ws.adminEmail, role: 'admin' };
    // The operator's CLI (a system context): the system.
    await simulateTransactionStatus(ws.ctx, { transactionId: id, body: { status: 'returned' } });
    const expected = [
      { status: 'returned', actor: { kind: 'system' } },
      { status: 'completed', actor: byPerson },
      { status: 'processing', actor: byKey },
      { status: 'pending', actor: byKey },
    ];
    const seen = await historyOver(id);
    for (const protocol of [seen.rest, seen.trpc, seen.gql]) {
      expect(protocol.map((e) => ({ status: e.status, actor: e.actor }))).toEqual(expected);
    }
    // The status-updated webhook carries the transaction, and so who changed it.
    const events = await listEvents(ws.ctx, { type: 'bank_transaction_status_updated', limit: 10 });
    const completed = events.data.find((e) => (e.details as any).transaction?.status === 'completed');
    expect((completed?.details as any).transaction.statusHistory[0].actor).toEqual(byPerson);
  });

  it('history recorded before actors reads null, the first entry naming the creator the audit columns know', async () => {
    await fundFor(ws.ctx, bankBody(accountId));
    const created = await poster(h, key.key)('/api/v2/transactions/bank', bankBody(accountId));
    const id = created.body.id as string;
    await poster(h, key.key)(`/api/v2/simulations/transactions/${id}/status`, { status: 'processing' });
    // As the migration leaves an older row: no status_actor, 3-element tuples.
    await h.deps.db.$executeRaw`
      UPDATE transactions SET status_actor = NULL,
        previous_statuses = jsonb_build_array(jsonb_build_array('pending', 'created', ${created.body.createdAt}::text))
      WHERE workspace_id = ${ws.workspaceId}::uuid AND id = ${id}::uuid`;
    const seen = await historyOver(id);
    const expected = [
      { status: 'processing', actor: null },
      { status: 'pending', actor: { kind: 'api_key', apiKeyName: null } },
    ];
    expect(seen.rest.map((e) => ({ status: e.status, actor: e.actor }))).toEqual(expected);
    expect(seen.trpc.map((e) => ({ status: e.status, actor: e.actor }))).toEqual(expected);
    expect(seen.gql).toEqual([expected[0], { status: 'pending', actor: { kind: 'api_key' } }]);
    // A change made now records its actor beside the old ones.
    await trpcCaller(h, ws.adminToken).transactions.updateStatus.mutate({ transactionId: id, status: 'failed' });
    const after = (await historyOver(id)).rest.map((e) => e.actor);
    expect(after).toEqual([{ kind: 'person', adminId: ws.adminId, email: ws.adminEmail, role: 'admin' }, null, expected[1]?.actor]);
  });

  it('another workspace sees none of it', async () => {
    const other = await workspaceFactory(h.deps, 'Actors other');
    const tx = await h.deps.db.transaction.findFirstOrThrow({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
    const rest = await rawRequest(h, 'GET', `/api/v2/transactions/${tx.id}`, { headers: { authorization: `APIKey ${other.apiKey}` } });
    expect(rest.status).toBe(404);
    const gql = await graphql(h, other.apiKey, `{ transaction(id: "${tx.id}") { statusHistory { actor { kind } } } }`);
    expect(gql.data?.transaction ?? null).toBeNull();
  });
});
