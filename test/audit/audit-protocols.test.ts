import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { cookieOf, csrf, trpcHttp } from '../sessions/trpc-http.js';
import { inProcessCli } from '../support/cli.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let other: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps, 'Audited');
  other = await workspaceFactory(h.deps, 'Elsewhere');
});
afterAll(async () => h?.close());

const PII_EMAIL = 'audit-pii-holder-7f3a@example.com';

const rest = (secret: string, method: string, path: string, body?: unknown) =>
  rawRequest(h, method, path, {
    headers: { authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The records of `ws` with this action and object id, through the REST read (admins only). */
async function recordsOf(action: string, objectId?: string) {
  const query = new URLSearchParams({ action, ...(objectId ? { objectId } : {}) });
  const answer = await rest(ws.adminToken, 'GET', `/api/v2/audit-log?${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data as {
    actor: { kind: string; id: string | null; name: string | null };
    requestId: string | null;
    clientAddress: string | null;
    object: { id: string };
  }[];
}

describe('each change appears once, with its actor, whichever way it came', () => {
  const secrets: string[] = [];

  it('REST with an API key: account.created names the key by id and name, with the request id and address', async () => {
    const created = await rest(ws.apiKey, 'POST', '/api/v2/accounts', { type: 'individual', email: PII_EMAIL });
    expect(created.status).toBe(201);
    const records = await recordsOf('account.created', created.body.accountId);
    expect(records).toHaveLength(1);
    expect(records[0]?.actor).toMatchObject({ kind: 'api_key', id: ws.apiKeyId, name: 'default' });
    expect(records[0]?.requestId).toBe(created.headers.get('x-request-id'));
    expect(records[0]?.clientAddress).toBeTruthy();
  });

  it('tRPC with an admin token: api_key.created and api_key.revoked name the admin by email', async () => {
    const trpc = trpcClient(h, ws.adminToken);
    const key = await trpc.apiKeys.create.mutate({ name: 'audited-key' });
    secrets.push(key.key);
    await trpc.apiKeys.revoke.mutate({ apiKeyId: key.apiKeyId });
    for (const action of ['api_key.created', 'api_key.revoked']) {
      const records = await recordsOf(action, key.apiKeyId);
      expect(records, action).toHaveLength(1);
      expect(records[0]?.actor).toMatchObject({ kind: 'admin', id: ws.adminId, name: ws.adminEmail });
    }
  });

  it('GraphQL with an API key: webhook_target.created', async () => {
    const answer = await graphql(h, ws.apiKey, 'mutation($i: WebhookTargetInput!) { createWebhookTarget(input: $i) { id } }', {
      i: { url: 'https://hooks.example.com/in?token=secret-query-token-91' },
    });
    expect(answer.errors).toBeUndefined();
    const id = (answer.data as { createWebhookTarget: { id: string } }).createWebhookTarget.id;
    const records = await recordsOf('webhook_target.created', id);
    expect(records).toHaveLength(1);
    expect(records[0]?.actor).toMatchObject({ kind: 'api_key', id: ws.apiKeyId });
  });

  it('the CLI: api_key.created by the system', async () => {
    const cli = inProcessCli(h);
    try {
      const run = await cli.fas(['apikey', 'create', '--name', 'cli-key', '--workspace', ws.workspaceId, '--json']);
      expect(run.code, run.stderr).toBe(0);
      const key = JSON.parse(run.stdout) as { apiKeyId: string; key: string };
      secrets.push(key.key);
      const records = await recordsOf('api_key.created', key.apiKeyId);
      expect(records).toHaveLength(1);
      expect(records[0]?.actor).toMatchObject({ kind: 'system', id: null, name: 'cli' });
      const verify = await cli.fas(['audit', 'verify', '--workspace', ws.workspaceId]);
      expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    } finally {
      cli.cleanup();
    }
  });

  it('the dashboard (tRPC over its session cookie): transaction.status_changed names the signed-in admin', async () => {
    const accountId = await activeAccount(ws.ctx, 'dashboard-holder@example.com');
    const t = await createBank(ws.ctx, accountId);
    const signIn = await trpcHttp(h, 'mutation', 'session.signIn', { token: ws.adminToken }, csrf(h));
    const cookie = cookieOf(signIn.setCookie);
    const changed = await trpcHttp(
      h,
      'mutation',
      'transactions.updateStatus',
      { transactionId: t.id, status: 'processing' },
      { ...csrf(h), cookie },
    );
    expect(changed.error, JSON.stringify(changed.error)).toBeUndefined();
    const records = await recordsOf('transaction.status_changed', t.id);
    expect(records).toHaveLength(1);
    expect(records[0]?.actor).toMatchObject({ kind: 'admin', id: ws.adminId, name: ws.adminEmail });
    expect(records[0]?.clientAddress).toBeTruthy();
    // The creation through the core by the system, once.
    expect(await recordsOf('transaction.created', t.id)).toHaveLength(1);
  });

  it("the CLI's other writes: each once, by the operator (system, cli), and the chain still verifies", async () => {
    const cli = inProcessCli(h);
    const fas = async (args: string[]) => {
      const run = await cli.fas([...args, '--json']);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      return JSON.parse(run.stdout);
    };
    const operator = { kind: 'system', id: null, name: 'cli' };
    try {
      const key = await fas(['apikey', 'create', '--name', 'to-revoke', '--workspace', ws.workspaceId]);
      secrets.push(key.key);
      await fas(['apikey', 'revoke', '--id', key.apiKeyId]);
      const analyst = await fas([
        'admin',
        'create',
        '--email',
        'cli-analyst@example.com',
        '--role',
        'analyst',
        '--workspace',
        ws.workspaceId,
      ]);
      secrets.push(analyst.token);
      await fas(['admin', 'revoke', '--id', analyst.adminId]);
      for (const [action, id] of [
        ['api_key.revoked', key.apiKeyId],
        ['admin.created', analyst.adminId],
        ['admin.revoked', analyst.adminId],
      ]) {
        const records = await recordsOf(action, id);
        expect(records, action).toHaveLength(1);
        expect(records[0]?.actor, action).toMatchObject(operator);
      }
      // The signing keys sign every workspace's webhooks: each workspace's log has the rotation, once.
      const rotated = await fas(['keys', 'rotate']);
      const mine = await recordsOf('signing_key.rotated', rotated.kid);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.actor).toMatchObject(operator);
      const theirs = await rest(other.adminToken, 'GET', `/api/v2/audit-log?action=signing_key.rotated&objectId=${rotated.kid}`);
      expect(theirs.body.total).toBe(1);
      await fas(['seed', '--transactions', '20', '--accounts', '2', '--workspace', ws.workspaceId]);
      const seeded = await recordsOf('workspace.seeded', ws.workspaceId);
      expect(seeded).toHaveLength(1);
      expect(seeded[0]?.actor).toMatchObject(operator);
      const verify = await cli.fas(['audit', 'verify']);
      expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    } finally {
      cli.cleanup();
    }
  });

  it('no PII or secret written above is in the audit table, in any column', async () => {
    const values = [PII_EMAIL, 'secret-query-token-91', ws.apiKey, ...secrets];
    for (const value of values) {
      const [hit] = await h.deps.db.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM audit_records a WHERE strpos(a::text, $1) > 0',
        value,
      );
      expect(hit?.n, value.slice(0, 12)).toBe(0);
    }
  });
});

describe('reading the audit log', () => {
  it('is refused to API keys and analysts on every protocol', async () => {
    for (const secret of [ws.apiKey, ws.analystToken]) {
      expect((await rest(secret, 'GET', '/api/v2/audit-log')).status).toBe(403);
      await expect(trpcClient(h, secret).auditLog.list.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
      const answer = await graphql(h, secret, '{ auditLog { total } }');
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it("another workspace's admin sees none of this workspace's records, on every protocol", async () => {
    const mine = await recordsOf('account.created');
    expect(mine.length).toBeGreaterThan(0);
    const id = mine[0]?.object.id ?? '';
    const viaRest = await rest(other.adminToken, 'GET', `/api/v2/audit-log?objectId=${id}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.total).toBe(0);
    const viaTrpc = await trpcClient(h, other.adminToken).auditLog.list.query({ objectId: id });
    expect(viaTrpc.total).toBe(0);
    const viaGql = await graphql(h, other.adminToken, 'query($id: String) { auditLog(filter: { objectId: $id }) { total } }', { id });
    expect((viaGql.data as { auditLog: { total: number } }).auditLog.total).toBe(0);
  });

  it('the three protocols give the same page', async () => {
    const viaRest = (await rest(ws.adminToken, 'GET', '/api/v2/audit-log?limit=5')).body;
    const viaTrpc = await trpcClient(h, ws.adminToken).auditLog.list.query({ limit: 5 });
    const viaGql = await graphql(
      h,
      ws.adminToken,
      `{ auditLog(limit: 5) { page limit total nextCursor data { seq occurredAt actor { kind id name role } requestId clientAddress action
         object { type id } changes prevHash hash } } }`,
    );
    expect(viaTrpc).toEqual(viaRest);
    expect((viaGql.data as { auditLog: unknown }).auditLog).toEqual(viaRest);
  });
});
