import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCryptoBeneficiary } from '../../src/core/account-resources/create-crypto-beneficiary.js';
import { createAccount } from '../../src/core/accounts/create-account.js';
import type { Ctx } from '../../src/core/context.js';
import { submitBusinessVerification } from '../../src/core/kyb/submit-business-verification.js';
import { requestBankingVerification } from '../../src/core/kyc/request-banking-verification.js';
import { submitBankingVerification } from '../../src/core/kyc/submit-banking-verification.js';
import { createWebhookTarget } from '../../src/core/webhooks/create-webhook-target.js';
import { businessSubmission } from '../factories/business-verification.js';
import { activeAccount, createBank, fundedAccount } from '../factories/transactions.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { exampleSlots, exampleViolations, successStatuses } from '../support/contract-examples.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slots = exampleSlots();
const label = (s: (typeof slots)[number]) => `${s.method} ${s.path} (${s.operationId}) ${s.slot}`;

describe('every JSON body in openapi.yaml has an example that fits its schema', () => {
  it('finds the bodies (the walk over the contract works)', () => {
    expect(slots.filter((s) => s.slot === 'request').length).toBeGreaterThanOrEqual(18);
    expect(slots.filter((s) => s.slot !== 'request').length).toBeGreaterThanOrEqual(35);
  });

  it.each(slots.map((s) => [label(s), s] as const))('%s', (_, slot) => {
    expect(slot.examples.length, 'no example (media type example/examples or the schema example)').toBeGreaterThan(0);
    for (const example of slot.examples) expect(exampleViolations(example), example.name).toEqual([]);
  });
});

/**
 * What each request example needs to work as written: resources of the caller's workspace in the
 * right state. `path` fills the path template; `ids` replaces id fields of the example body (only
 * fields whose example value is a uuid: an example is otherwise sent unchanged).
 */
type Fixture = (ctx: Ctx) => Promise<{ path?: Record<string, string>; ids?: Record<string, string> }>;

const individual = async (ctx: Ctx) => (await createAccount(ctx, { type: 'individual', email: 'jane@example.com' })).accountId;
const saved = async (ctx: Ctx) => {
  const accountId = await individual(ctx);
  await submitBankingVerification(ctx, submission(accountId));
  return accountId;
};
const inReview = async (ctx: Ctx) => {
  const accountId = await saved(ctx);
  await requestBankingVerification(ctx, { accountId });
  return accountId;
};
const onActive: Fixture = async (ctx) => ({ path: { accountId: await activeAccount(ctx) } });
const bodyActive: Fixture = async (ctx) => ({ ids: { accountId: await activeAccount(ctx) } });
// A withdrawal or trade holds funds: its account holds plenty of every currency.
const bodyFunded: Fixture = async (ctx) => ({ ids: { accountId: await fundedAccount(ctx) } });

const fixtures: Record<string, Fixture> = {
  createAccount: async () => ({}),
  createCryptoWallet: onActive,
  createCryptoBeneficiary: onActive,
  updateCryptoBeneficiary: async (ctx) => {
    const accountId = await activeAccount(ctx);
    const b = await createCryptoBeneficiary(ctx, {
      accountId,
      body: { name: 'Treasury', coin: 'ETH', network: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    return { path: { accountId, beneficiaryId: b.id } };
  },
  linkBankAccount: onActive,
  simulateKycHolderAction: async (ctx) => ({ path: { accountId: await saved(ctx) } }),
  // A business with KYB data saved: the shortcut acts for its representative (sign needs a control person).
  simulateKybEvent: async (ctx) => {
    const { accountId } = await createAccount(ctx, { type: 'business', email: 'ops@acme.example' });
    await submitBusinessVerification(ctx, businessSubmission(accountId));
    return { path: { accountId } };
  },
  submitBankingVerification: async (ctx) => ({ ids: { accountId: await individual(ctx) } }),
  submitBusinessVerification: async (ctx) => ({
    ids: { accountId: (await createAccount(ctx, { type: 'business', email: 'ops@acme.example' })).accountId },
  }),
  requestBankingVerification: async (ctx) => ({ ids: { accountId: await saved(ctx) } }),
  createBankTransaction: bodyFunded,
  createCryptoTransaction: bodyFunded,
  createTradeTransaction: bodyFunded,
  simulateTransactionStatus: async (ctx) => ({ path: { transactionId: (await createBank(ctx, await activeAccount(ctx))).id } }),
  simulateKycOutcome: async (ctx) => ({ path: { accountId: await inReview(ctx) } }),
  simulateBankDeposit: bodyActive,
  simulateCryptoDeposit: bodyActive,
  createWebhookTarget: async () => ({}),
  updateWorkspace: async () => ({}),
  testWebhookTarget: async (ctx) => ({
    path: { targetId: (await createWebhookTarget(ctx, { url: 'https://hooks.example.com/test' })).id },
  }),
  recoverWebhookTarget: async (ctx) => ({
    path: { targetId: (await createWebhookTarget(ctx, { url: 'https://hooks.example.com/recover' })).id },
  }),
  updateWebhookTarget: async (ctx) => ({
    path: { targetId: (await createWebhookTarget(ctx, { url: 'https://hooks.example.com/old' })).id },
  }),
};

describe('every request example works as written against a live server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  const requests = slots.filter((s) => s.slot === 'request');
  const cases = requests.flatMap((s) => s.examples.map((e) => [`${label(s)} ${e.name}`, s, e] as const));

  it.each(cases)('%s', async (_, slot, example) => {
    const fixture = fixtures[slot.operationId];
    expect(fixture, `no fixture for ${slot.operationId}: add one to this test`).toBeDefined();
    const documented = successStatuses(slot.method, slot.path);
    expect(documented, 'one documented 2xx').toHaveLength(1);
    const ws = await workspaceFactory(h.deps);
    const { path = {}, ids = {} } = await fixture!(ws.ctx);
    const body = structuredClone(example.value) as Record<string, unknown>;
    for (const [field, id] of Object.entries(ids)) {
      expect(body[field], `the example's ${field} is an id`).toMatch(UUID);
      body[field] = id;
    }
    const url = slot.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      expect(path[name], `fixture gives {${name}}`).toBeDefined();
      return path[name]!;
    });
    const res = await rawRequest(h, slot.method, url, {
      headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(documented[0]);
  });

  it('has a fixture for each operation with a request example, and none left over', () => {
    expect(Object.keys(fixtures).sort()).toEqual([...new Set(requests.map((s) => s.operationId))].sort());
  });
});
