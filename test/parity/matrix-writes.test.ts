import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSubmission } from '../factories/business-verification.js';
import { realPng } from '../factories/images.js';
import { activeAccount, bankBody, cryptoBody, fundedAccount, tradeBody } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness, trpcClient } from '../support/harness.js';
import { comparable, selectAll } from './compare.js';
import { exposed, shared } from './matrix.js';

// Every write use case that two or more protocols serve (from the matrix) is made in each, on a
// subject of its own, and the answers compared whole: only what each write generates (ids,
// instants, link tokens) is masked. A use case without a writer fails.

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const post = (path: string, body: unknown = {}) => poster(h, ws.apiKey)(path, body);
const trpc = () => trpcClient(h, ws.apiKey);
/** The body of a REST answer, which must be a success. */
async function ok<T extends { status: number; body: any }>(answer: Promise<T>) {
  const r = await answer;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** Bank references the service draws at random for each transfer. */
const DRAWN = new Set(['transactionReference', 'traceNumber', 'imad']);
/** Values each write generates anew; everything else must be equal. */
function masked(value: unknown): unknown {
  if (typeof value === 'string') {
    if (UUID.test(value)) return '<uuid>';
    if (INSTANT.test(value)) return '<instant>';
    return value.replace(/\/verify\/[A-Za-z0-9_-]+/, '/verify/<token>');
  }
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, DRAWN.has(k) && typeof v === 'string' ? '<drawn>' : masked(v)]));
  }
  return value;
}

/** A subject of its own for each protocol's write: an account, a target, a delivery... */
interface Subject {
  accountId: string;
  targetId: string;
  deliveryId: string;
  transactionId: string;
}
async function pendingAccount(): Promise<string> {
  return (await ok(post('/api/v2/accounts', { type: 'individual', email: 'writer@example.com' }))).accountId;
}
async function submitted(): Promise<Partial<Subject>> {
  const accountId = await pendingAccount();
  await ok(post('/api/v2/kyc/banking-verification/individual', submission(accountId)));
  return { accountId };
}
async function target(): Promise<Partial<Subject>> {
  return { targetId: (await ok(post('/api/v2/webhook-targets', { url: 'https://hooks.example.com/w' }))).id };
}

/** A GraphQL mutation's answer (its one root field), which must have no errors. */
async function gqlWrite(query: string, variables?: Record<string, unknown>) {
  const r = await graphql(h, ws.apiKey, query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Object.values(r.data)[0];
}

type Writer = (s: Subject) => Promise<unknown>;
interface WriteSpec {
  prepare?: () => Promise<Partial<Subject>>;
  rest?: Writer;
  trpc?: Writer;
  graphql?: Writer;
}

const bankDeposit = (accountId: string) => ({ accountId, amount: '5.50', coin: 'USD', instrumentType: 'wire', addenda: ['ORIG Jane'] });
const cryptoDeposit = (accountId: string) => ({
  accountId,
  coin: 'BTC',
  network: 'bitcoin',
  amount: '0.025',
  txHash: `0x${'ab'.repeat(32)}`,
});

const WRITERS: Record<string, WriteSpec> = {
  createAccount: {
    rest: () => ok(post('/api/v2/accounts', { type: 'business', email: 'new@example.com', reference: 'r-1' })),
    trpc: () => trpc().accounts.create.mutate({ type: 'business', email: 'new@example.com', reference: 'r-1' }),
    graphql: async () => {
      const fields = selectAll('Account', ['Account.bankingVerification', 'Account.businessVerification', 'Account.balances']);
      const r = await graphql(
        h,
        ws.apiKey,
        `mutation { createAccount(input: { type: business, email: "new@example.com", reference: "r-1" }) { ${fields} } }`,
      );
      expect(r.errors).toBeUndefined();
      return r.data.createAccount;
    },
  },
  submitBankingVerification: {
    prepare: async () => ({ accountId: await pendingAccount() }),
    rest: (s) => ok(post('/api/v2/kyc/banking-verification/individual', submission(s.accountId))),
    trpc: (s) => trpc().kyc.submitBankingVerification.mutate(submission(s.accountId) as never),
  },
  submitBusinessVerification: {
    prepare: async () => ({ accountId: (await ok(post('/api/v2/accounts', { type: 'business', email: 'biz@example.com' }))).accountId }),
    rest: (s) => ok(post('/api/v2/kyc/banking-verification/business', businessSubmission(s.accountId))),
    trpc: (s) => trpc().kyc.submitBusinessVerification.mutate(businessSubmission(s.accountId) as never),
  },
  requestBankingVerification: {
    prepare: submitted,
    rest: (s) => ok(post('/api/v2/kyc/banking-verification/request', { accountId: s.accountId })),
    trpc: (s) => trpc().kyc.requestBankingVerification.mutate({ accountId: s.accountId }),
  },
  simulateKycHolderAction: {
    prepare: submitted,
    rest: (s) => ok(post(`/api/v2/simulations/kyc/${s.accountId}/holder-action`, { action: 'terms_signed' })),
    trpc: (s) => trpc().simulations.kycHolderAction.mutate({ accountId: s.accountId, action: 'terms_signed' }),
  },
  simulateKycOutcome: {
    prepare: async () => {
      const s = await submitted();
      await ok(post('/api/v2/kyc/banking-verification/request', { accountId: s.accountId }));
      return s;
    },
    rest: (s) => ok(post(`/api/v2/simulations/kyc/${s.accountId}/outcome`, { outcome: 'completed' })),
    trpc: (s) => trpc().simulations.kycOutcome.mutate({ accountId: s.accountId, outcome: 'completed' }),
  },
  createBankTransaction: {
    prepare: async () => ({ accountId: await fundedAccount(ws.ctx) }),
    rest: (s) => ok(post('/api/v2/transactions/bank', bankBody(s.accountId))),
    trpc: (s) => trpc().transactions.createBank.mutate(bankBody(s.accountId) as never),
  },
  createCryptoTransaction: {
    prepare: async () => ({ accountId: await fundedAccount(ws.ctx) }),
    rest: (s) => ok(post('/api/v2/transactions/crypto', cryptoBody(s.accountId))),
    trpc: (s) => trpc().transactions.createCrypto.mutate(cryptoBody(s.accountId) as never),
  },
  createTradeTransaction: {
    prepare: async () => ({ accountId: await fundedAccount(ws.ctx) }),
    rest: (s) => ok(post('/api/v2/transactions/trade', tradeBody(s.accountId))),
    trpc: (s) => trpc().transactions.createTrade.mutate(tradeBody(s.accountId) as never),
  },
  simulateKybEvent: {
    prepare: async () => ({ accountId: (await ok(post('/api/v2/accounts', { type: 'business', email: 'kyb@example.com' }))).accountId }),
    rest: (s) => ok(post(`/api/v2/simulations/kyb/${s.accountId}`, { event: 'submitted' })),
    trpc: (s) => trpc().simulations.kybEvent.mutate({ accountId: s.accountId, event: 'submitted' }),
  },
  simulateTransactionStatus: {
    prepare: async () => {
      const accountId = await fundedAccount(ws.ctx);
      return { accountId, transactionId: (await ok(post('/api/v2/transactions/bank', bankBody(accountId)))).id };
    },
    rest: (s) => ok(post(`/api/v2/simulations/transactions/${s.transactionId}/status`, { status: 'processing', statusReason: 'sent' })),
    trpc: (s) =>
      trpc().simulations.transactionStatus.mutate({ transactionId: s.transactionId, status: 'processing', statusReason: 'sent' }),
  },
  simulateBankDeposit: {
    prepare: async () => ({ accountId: await activeAccount(ws.ctx) }),
    rest: (s) => ok(post('/api/v2/simulations/deposits/bank', bankDeposit(s.accountId))),
    trpc: (s) => trpc().simulations.bankDeposit.mutate(bankDeposit(s.accountId) as never),
  },
  simulateCryptoDeposit: {
    prepare: async () => ({ accountId: await activeAccount(ws.ctx) }),
    rest: (s) => ok(post('/api/v2/simulations/deposits/crypto', cryptoDeposit(s.accountId))),
    trpc: (s) => trpc().simulations.cryptoDeposit.mutate(cryptoDeposit(s.accountId) as never),
  },
  createWebhookTarget: {
    rest: () =>
      ok(post('/api/v2/webhook-targets', { url: 'https://hooks.example.com/created', eventTypes: ['trade_transaction_created'] })),
    trpc: () =>
      trpc().webhookTargets.create.mutate({ url: 'https://hooks.example.com/created', eventTypes: ['trade_transaction_created'] }),
    graphql: () =>
      gqlWrite(
        `mutation { createWebhookTarget(input: { url: "https://hooks.example.com/created", eventTypes: [trade_transaction_created] }) { ${selectAll('WebhookTarget')} } }`,
      ),
  },
  updateWebhookTarget: {
    prepare: target,
    rest: (s) =>
      ok(
        rawRequest(h, 'PATCH', `/api/v2/webhook-targets/${s.targetId}`, {
          headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'https://hooks.example.com/updated', eventTypes: ['account_created'] }),
        }),
      ),
    trpc: (s) =>
      trpc().webhookTargets.update.mutate({
        targetId: s.targetId,
        url: 'https://hooks.example.com/updated',
        eventTypes: ['account_created'],
      }),
    graphql: (s) =>
      gqlWrite(
        `mutation($id: ID!) { updateWebhookTarget(targetId: $id, input: { url: "https://hooks.example.com/updated", eventTypes: [account_created] }) { ${selectAll('WebhookTarget')} } }`,
        { id: s.targetId },
      ),
  },
  // REST answers 204 with no body and tRPC `{ deleted: true }`: what is compared is the effect.
  deleteWebhookTarget: {
    prepare: target,
    rest: async (s) => {
      const r = await rawRequest(h, 'DELETE', `/api/v2/webhook-targets/${s.targetId}`, {
        headers: { authorization: `APIKey ${ws.apiKey}` },
      });
      expect(r.status).toBe(204);
      return h.deps.db.webhookTarget.count({ where: { id: s.targetId } });
    },
    trpc: async (s) => {
      expect(await trpc().webhookTargets.delete.mutate({ targetId: s.targetId })).toEqual({ deleted: true });
      return h.deps.db.webhookTarget.count({ where: { id: s.targetId } });
    },
  },
  enableWebhookTarget: {
    prepare: async () => {
      const t = await target();
      await h.deps.db.webhookTarget.updateMany({
        where: { id: t.targetId },
        data: { status: 'disabled', disabledReason: 'failed 6 attempts' },
      });
      return t;
    },
    rest: (s) => ok(post(`/api/v2/webhook-targets/${s.targetId}/enable`)),
    trpc: (s) => trpc().webhookTargets.enable.mutate({ targetId: s.targetId }),
    graphql: (s) =>
      gqlWrite(`mutation($id: ID!) { enableWebhookTarget(targetId: $id) { ${selectAll('WebhookTarget')} } }`, { id: s.targetId }),
  },
  pauseWebhookTarget: {
    prepare: target,
    rest: (s) => ok(post(`/api/v2/webhook-targets/${s.targetId}/pause`)),
    trpc: (s) => trpc().webhookTargets.pause.mutate({ targetId: s.targetId }),
    graphql: (s) =>
      gqlWrite(`mutation($id: ID!) { pauseWebhookTarget(targetId: $id) { ${selectAll('WebhookTarget')} } }`, { id: s.targetId }),
  },
  resumeWebhookTarget: {
    prepare: async () => {
      const t = await target();
      await h.deps.db.webhookTarget.updateMany({ where: { id: t.targetId }, data: { status: 'paused' } });
      return t;
    },
    rest: (s) => ok(post(`/api/v2/webhook-targets/${s.targetId}/resume`)),
    trpc: (s) => trpc().webhookTargets.resume.mutate({ targetId: s.targetId }),
    graphql: (s) =>
      gqlWrite(`mutation($id: ID!) { resumeWebhookTarget(targetId: $id) { ${selectAll('WebhookTarget')} } }`, { id: s.targetId }),
  },
  testWebhookTarget: {
    prepare: target,
    rest: (s) => ok(post(`/api/v2/webhook-targets/${s.targetId}/test`, { eventType: 'kyb_document_uploaded' })),
    trpc: (s) => trpc().webhookTargets.test.mutate({ targetId: s.targetId, eventType: 'kyb_document_uploaded' }),
    graphql: (s) =>
      gqlWrite(
        `mutation($id: ID!) { testWebhookTarget(targetId: $id, eventType: kyb_document_uploaded) { ${selectAll('WebhookDelivery')} } }`,
        {
          id: s.targetId,
        },
      ),
  },
  recoverWebhookTarget: {
    prepare: async () => {
      const { targetId } = await target();
      await pendingAccount();
      await h.deps.db.webhookDelivery.updateMany({ where: { targetId }, data: { status: 'failed', attempts: 6 } });
      return { targetId };
    },
    rest: (s) => ok(post(`/api/v2/webhook-targets/${s.targetId}/recover`, { since: '2026-01-01T00:00:00Z' })),
    trpc: (s) => trpc().webhookTargets.recover.mutate({ targetId: s.targetId, since: '2026-01-01T00:00:00Z' }),
    graphql: (s) =>
      gqlWrite('mutation($id: ID!) { recoverWebhookTarget(targetId: $id, since: "2026-01-01T00:00:00Z") { queued more } }', {
        id: s.targetId,
      }),
  },
  redeliverWebhookDelivery: {
    prepare: async () => {
      const { targetId } = await target();
      await pendingAccount();
      const delivery = await h.deps.db.webhookDelivery.findFirstOrThrow({ where: { targetId }, select: { id: true } });
      await h.deps.db.webhookDelivery.updateMany({ where: { id: delivery.id }, data: { status: 'failed' } });
      return { targetId, deliveryId: delivery.id };
    },
    rest: (s) => ok(post(`/api/v2/webhook-deliveries/${s.deliveryId}/redeliver`)),
    trpc: (s) => trpc().webhookDeliveries.redeliver.mutate({ deliveryId: s.deliveryId }),
  },
};

const logo = realPng(8, 8, [[200, 30, 30]]);
const putLogo = () =>
  ok(
    rawRequest(h, 'PUT', '/api/v2/workspace/logo', {
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'image/png' },
      body: logo,
    }),
  );
// REST's erasure answer is the Account without balances (only the single read carries them) and
// without the relations REST does not embed, as createAccount's answer.
const ERASED_ACCOUNT = selectAll('Account', ['Account.bankingVerification', 'Account.businessVerification', 'Account.balances']);
Object.assign(WRITERS, {
  // Admins only: each protocol erases an account of its own with the admin's token.
  eraseAccount: {
    prepare: submitted,
    rest: (s) =>
      ok(
        rawRequest(h, 'POST', `/api/v2/accounts/${s.accountId}/erasure`, {
          headers: { authorization: `Bearer ${ws.adminToken}`, 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    trpc: (s) => trpcClient(h, ws.adminToken).accounts.erase.mutate({ accountId: s.accountId }),
    graphql: async (s) => {
      const r = await graphql(h, ws.adminToken, `mutation($id: ID!) { eraseAccount(accountId: $id) { ${ERASED_ACCOUNT} } }`, {
        id: s.accountId,
      });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return r.data.eraseAccount;
    },
  },
  updateWorkspace: {
    rest: () =>
      ok(
        rawRequest(h, 'PATCH', '/api/v2/workspace', {
          headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ displayName: '  Acme Bank ' }),
        }),
      ),
    trpc: () => trpc().workspace.update.mutate({ displayName: '  Acme Bank ' }),
    graphql: async () => {
      const r = await graphql(h, ws.apiKey, `mutation { updateWorkspace(displayName: "  Acme Bank ") { ${selectAll('Workspace')} } }`);
      expect(r.errors).toBeUndefined();
      return r.data.updateWorkspace;
    },
  },
  setWorkspaceLogo: {
    rest: putLogo,
    trpc: () => trpc().workspace.setLogo.mutate({ contentBase64: logo.toString('base64') }),
  },
  deleteWorkspaceLogo: {
    prepare: async () => {
      await putLogo();
      return {};
    },
    rest: () => ok(rawRequest(h, 'DELETE', '/api/v2/workspace/logo', { headers: { authorization: `APIKey ${ws.apiKey}` } })),
    trpc: () => trpc().workspace.deleteLogo.mutate(),
  },
} satisfies Record<string, WriteSpec>);

describe('write use cases: every protocol answers the same', () => {
  it('every shared write use case of the matrix has a writer for each protocol serving it', () => {
    for (const [name, u] of shared('write')) {
      const served = (['rest', 'trpc', 'graphql'] as const).filter((p) => exposed(u[p]));
      const spec = WRITERS[name] ?? {};
      expect((['rest', 'trpc', 'graphql'] as const).filter((p) => spec[p]).sort(), name).toEqual([...served].sort());
    }
    expect(Object.keys(WRITERS).sort()).toEqual(
      shared('write')
        .map(([name]) => name)
        .sort(),
    );
  });

  it.each(shared('write').map(([name]) => name))('%s', async (name) => {
    ws = await workspaceFactory(h.deps); // a workspace per use case: no limit or row is shared
    const spec = WRITERS[name]!;
    const answers: [string, unknown][] = [];
    for (const protocol of ['rest', 'trpc', 'graphql'] as const) {
      const write = spec[protocol];
      if (!write) continue;
      const subject = { accountId: '', targetId: '', deliveryId: '', transactionId: '', ...(await spec.prepare?.()) };
      answers.push([protocol, comparable(masked(await write(subject)))]);
    }
    const [[first, expected]] = answers as [[string, unknown]];
    for (const [protocol, answer] of answers.slice(1)) expect(answer, `${name}: ${protocol} vs ${first}`).toEqual(expected);
  });
});
