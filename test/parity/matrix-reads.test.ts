import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCryptoBeneficiary } from '../../src/core/account-resources/create-crypto-beneficiary.js';
import { createCryptoWallet } from '../../src/core/account-resources/create-crypto-wallet.js';
import { linkBankAccount } from '../../src/core/account-resources/link-bank-account.js';
import { createAccount } from '../../src/core/accounts/create-account.js';
import { submitBusinessVerification } from '../../src/core/kyb/submit-business-verification.js';
import { simulateBankDeposit } from '../../src/core/transactions/simulate-bank-deposit.js';
import { setWorkspaceLogo } from '../../src/core/workspaces/set-workspace-logo.js';
import { updateWorkspace } from '../../src/core/workspaces/update-workspace.js';
import { businessSubmission } from '../factories/business-verification.js';
import { sampleFile } from '../factories/holder-files.js';
import { realPng } from '../factories/images.js';
import { activeAccount, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { graphql, type Harness, rawRequest, restClient, startHarness, trpcClient } from '../support/harness.js';
import { holderLink, openPage, uploadFile } from '../support/holder.js';
import { comparable, GRAPHQL_TRANSACTION, selectAll, transactionFromGraphql } from './compare.js';
import { exposed, shared } from './matrix.js';

// Every read use case that two or more protocols serve (from the matrix) gives the same document
// in each: all keys, all values. A field one protocol lacks, or has in addition, fails here.

let h: Harness;
let f: Awaited<ReturnType<typeof fixture>>;

async function fixture() {
  const link = await holderLink(h);
  const { ws, accountId: pendingAccount } = link;
  const target = await rawRequest(h, 'POST', '/api/v2/webhook-targets', {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://hooks.example.com/matrix', eventTypes: ['account_created', 'bank_transaction_created'] }),
  });
  const { nonce } = await openPage(h, link.token);
  const upload = await uploadFile(h, link.token, { nonce, kind: 'document_front', file: sampleFile.jpeg(2_000), name: 'front.jpeg' });
  expect(upload.status).toBe(303);
  const business = await createAccount(ws.ctx, { type: 'business', email: 'kyb@example.com' });
  await submitBusinessVerification(ws.ctx, businessSubmission(business.accountId));
  const accountId = await activeAccount(ws.ctx, 'matrix@example.com');
  await createCryptoWallet(ws.ctx, { accountId, body: { coin: 'ETH', network: 'ethereum' } });
  await createCryptoBeneficiary(ws.ctx, {
    accountId,
    body: { name: 'Payee', coin: 'ETH', network: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  });
  await linkBankAccount(ws.ctx, {
    accountId,
    body: {
      holderName: 'Jane Doe',
      bankName: 'First Bank',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    },
  });
  const transactions = [
    await createBank(ws.ctx, accountId, { reference: 'bank-1' }),
    await createCrypto(ws.ctx, accountId),
    await createTrade(ws.ctx, accountId),
    await simulateBankDeposit(ws.ctx, { accountId, amount: '5.50', coin: 'USD', instrumentType: 'wire', addenda: ['ORIG Jane'] }),
  ];
  await updateWorkspace(ws.ctx, { displayName: 'Matrix Bank' });
  await setWorkspaceLogo(ws.ctx, { content: realPng(4, 4) });
  const deliveries = await h.deps.db.webhookDelivery.findMany({ where: { workspaceId: ws.workspaceId }, select: { id: true } });
  expect(deliveries.length).toBeGreaterThan(0);
  const event = await h.deps.db.event.findFirst({
    where: { workspaceId: ws.workspaceId, type: 'bank_transaction_created' },
    select: { id: true },
  });
  const documents = await h.deps.db.kycDocument.findMany({ where: { accountId: pendingAccount }, select: { id: true } });
  return {
    ws,
    accountId,
    pendingAccount,
    businessAccount: business.accountId,
    documentId: documents[0]!.id,
    targetId: target.body.id as string,
    deliveryId: deliveries[0]!.id,
    eventId: event!.id,
    transactionIds: transactions.map((t) => t.id),
  };
}

beforeAll(async () => {
  h = await startHarness();
  f = await fixture();
});
afterAll(async () => h?.close());

const rest = () => restClient(h, f.ws.apiKey);
const trpc = () => trpcClient(h, f.ws.apiKey);
async function gql(query: string, variables?: Record<string, unknown>) {
  const r = await graphql(h, f.ws.apiKey, query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data;
}

const ACCOUNT = selectAll('Account', ['Account.bankingVerification', 'Account.businessVerification', 'Account.balances']);
// The single read carries the balances (Account.balances in openapi.yaml); lists do not.
const ACCOUNT_READ = selectAll('Account', ['Account.bankingVerification', 'Account.businessVerification']);
const page = (type: string) => `page limit total data { ${selectAll(type)} }`;

type Reader = () => Promise<unknown>;
/** How each protocol reads each shared use case; a read use case of the matrix without one fails. */
const READERS: Record<string, Partial<Record<'rest' | 'trpc' | 'graphql', Reader>>> = {
  listAccounts: {
    rest: async () => (await rest().GET('/api/v2/accounts', { params: { query: { limit: 10 } } })).data,
    trpc: () => trpc().accounts.list.query({ limit: 10 }),
    graphql: async () => (await gql(`{ accounts(limit: 10) { page limit total nextCursor data { ${ACCOUNT} } } }`)).accounts,
  },
  getAccount: {
    rest: async () => (await rest().GET('/api/v2/accounts/{accountId}', { params: { path: { accountId: f.accountId } } })).data,
    trpc: () => trpc().accounts.get.query({ accountId: f.accountId }),
    graphql: async () => (await gql(`query($id: ID!) { account(accountId: $id) { ${ACCOUNT_READ} } }`, { id: f.accountId })).account,
  },
  listCryptoWallets: {
    rest: async () =>
      (await rest().GET('/api/v2/accounts/{accountId}/crypto-wallets', { params: { path: { accountId: f.accountId } } })).data,
    trpc: () => trpc().accounts.cryptoWallets.query({ accountId: f.accountId }),
    graphql: async () =>
      (await gql(`query($id: ID!) { cryptoWallets(accountId: $id) { ${page('CryptoWallet')} } }`, { id: f.accountId })).cryptoWallets,
  },
  listCryptoBeneficiaries: {
    rest: async () =>
      (await rest().GET('/api/v2/accounts/{accountId}/crypto-beneficiaries', { params: { path: { accountId: f.accountId } } })).data,
    trpc: () => trpc().accounts.cryptoBeneficiaries.query({ accountId: f.accountId }),
    graphql: async () =>
      (await gql(`query($id: ID!) { cryptoBeneficiaries(accountId: $id) { ${page('CryptoBeneficiary')} } }`, { id: f.accountId }))
        .cryptoBeneficiaries,
  },
  listBankAccounts: {
    rest: async () =>
      (await rest().GET('/api/v2/accounts/{accountId}/bank-accounts', { params: { path: { accountId: f.accountId } } })).data,
    trpc: () => trpc().accounts.bankAccounts.query({ accountId: f.accountId }),
    graphql: async () =>
      (await gql(`query($id: ID!) { bankAccounts(accountId: $id) { ${page('BankAccount')} } }`, { id: f.accountId })).bankAccounts,
  },
  getBankingVerification: {
    rest: async () =>
      (await rest().GET('/api/v2/kyc/banking-verification/{accountId}', { params: { path: { accountId: f.pendingAccount } } })).data,
    trpc: () => trpc().kyc.getBankingVerification.query({ accountId: f.pendingAccount }),
    graphql: async () =>
      (
        await gql(`query($id: ID!) { account(accountId: $id) { bankingVerification { ${selectAll('BankingVerification')} } } }`, {
          id: f.pendingAccount,
        })
      ).account.bankingVerification,
  },
  getBusinessVerification: {
    rest: async () =>
      (await rest().GET('/api/v2/kyc/banking-verification/{accountId}/business', { params: { path: { accountId: f.businessAccount } } }))
        .data,
    trpc: () => trpc().kyc.getBusinessVerification.query({ accountId: f.businessAccount }),
    graphql: async () =>
      (
        await gql(`query($id: ID!) { account(accountId: $id) { businessVerification { ${selectAll('BusinessVerification')} } } }`, {
          id: f.businessAccount,
        })
      ).account.businessVerification,
  },
  listVerificationDocuments: {
    rest: async () =>
      (
        await rest().GET('/api/v2/kyc/banking-verification/{accountId}/documents', {
          params: { path: { accountId: f.pendingAccount } },
        })
      ).data,
    trpc: () => trpc().kyc.documents.list.query({ accountId: f.pendingAccount }),
    graphql: async () =>
      (await gql(`query($id: ID!) { verificationDocuments(accountId: $id) { ${selectAll('KycDocumentList')} } }`, { id: f.pendingAccount }))
        .verificationDocuments,
  },
  getVerificationDocumentContent: {
    // REST answers the bytes, tRPC (JSON) their base64 beside the metadata.
    rest: async () => {
      const path = `/api/v2/kyc/banking-verification/${f.pendingAccount}/documents/${f.documentId}/content`;
      const res = await fetch(h.baseUrl + path, { headers: { authorization: `APIKey ${f.ws.apiKey}` } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer()).toString('base64');
    },
    trpc: async () => (await trpc().kyc.documents.content.query({ accountId: f.pendingAccount, documentId: f.documentId })).contentBase64,
  },
  listTransactions: {
    rest: async () => (await rest().GET('/api/v2/transactions', { params: { query: { limit: 10 } } })).data,
    trpc: () => trpc().transactions.list.query({ limit: 10 }),
    graphql: async () => {
      const { transactions } = await gql(`{ transactions(limit: 10) { page limit total nextCursor data { ${GRAPHQL_TRANSACTION} } } }`);
      return { ...transactions, data: transactions.data.map(transactionFromGraphql) };
    },
  },
  getTransaction: {
    rest: async () =>
      (await rest().GET('/api/v2/transactions/{transactionId}', { params: { path: { transactionId: f.transactionIds[3]! } } })).data,
    trpc: () => trpc().transactions.get.query({ transactionId: f.transactionIds[3]! }),
    graphql: async () =>
      transactionFromGraphql(
        (await gql(`query($id: ID!) { transaction(id: $id) { ${GRAPHQL_TRANSACTION} } }`, { id: f.transactionIds[3] })).transaction,
      ),
  },
  getAccountBalances: {
    rest: async () => (await rest().GET('/api/v2/accounts/{accountId}/balances', { params: { path: { accountId: f.accountId } } })).data,
    trpc: () => trpc().ledger.balances.query({ accountId: f.accountId }),
    graphql: async () =>
      (await gql(`query($id: ID!) { accountBalances(accountId: $id) { ${selectAll('AccountBalances')} } }`, { id: f.accountId }))
        .accountBalances,
  },
  listAccountEntries: {
    rest: async () =>
      (await rest().GET('/api/v2/accounts/{accountId}/entries', { params: { path: { accountId: f.accountId }, query: { limit: 10 } } }))
        .data,
    trpc: () => trpc().ledger.entries.query({ accountId: f.accountId, limit: 10 }),
    graphql: async () =>
      (await gql(`query($id: ID!) { accountEntries(accountId: $id, limit: 10) { ${page('LedgerEntry')} } }`, { id: f.accountId }))
        .accountEntries,
  },
  listTransactionEntries: {
    rest: async () =>
      (
        await rest().GET('/api/v2/transactions/{transactionId}/entries', {
          params: { path: { transactionId: f.transactionIds[2]! } },
        })
      ).data,
    trpc: () => trpc().ledger.transactionEntries.query({ transactionId: f.transactionIds[2]! }),
    graphql: async () =>
      (
        await gql(`query($id: ID!) { transactionEntries(transactionId: $id) { ${selectAll('TransactionEntries')} } }`, {
          id: f.transactionIds[2],
        })
      ).transactionEntries,
  },
  balanceTotals: {
    trpc: () => trpc().ledger.totals.query(),
    graphql: async () => (await gql(`{ balanceTotals { ${selectAll('BalanceTotal')} } }`)).balanceTotals,
  },
  getWorkspace: {
    rest: async () => (await rest().GET('/api/v2/workspace')).data,
    trpc: () => trpc().workspace.get.query(),
    graphql: async () => (await gql(`{ workspace { ${selectAll('Workspace')} } }`)).workspace,
  },
  transactionStats: {
    trpc: () => trpc().transactions.stats.query({ groupBy: ['COIN', 'TYPE', 'STATUS'], filter: { accountId: f.accountId } }),
    graphql: async () =>
      (
        await gql(
          'query($a: ID) { transactionStats(groupBy: [COIN, TYPE, STATUS], filter: { accountId: $a }) { coin transactionType status day month count amount fee total } }',
          { a: f.accountId },
        )
      ).transactionStats,
  },
  listWebhookTargets: {
    rest: async () => (await rest().GET('/api/v2/webhook-targets')).data,
    trpc: () => trpc().webhookTargets.list.query(),
    graphql: async () => (await gql(`{ webhookTargets { ${selectAll('WebhookTargetPage')} } }`)).webhookTargets,
  },
  getWebhookTarget: {
    rest: async () => (await rest().GET('/api/v2/webhook-targets/{targetId}', { params: { path: { targetId: f.targetId } } })).data,
    trpc: () => trpc().webhookTargets.get.query({ targetId: f.targetId }),
    graphql: async () =>
      (await gql(`query($id: ID!) { webhookTarget(targetId: $id) { ${selectAll('WebhookTarget')} } }`, { id: f.targetId })).webhookTarget,
  },
  listWebhookDeliveries: {
    rest: async () => (await rest().GET('/api/v2/webhook-deliveries', { params: { query: { limit: 100 } } })).data,
    trpc: () => trpc().webhookDeliveries.list.query({ limit: 100 }),
  },
  getWebhookDelivery: {
    rest: async () =>
      (await rest().GET('/api/v2/webhook-deliveries/{deliveryId}', { params: { path: { deliveryId: f.deliveryId } } })).data,
    trpc: () => trpc().webhookDeliveries.get.query({ deliveryId: f.deliveryId }),
  },
  listEvents: {
    rest: async () => (await rest().GET('/api/v2/events', { params: { query: { limit: 100 } } })).data,
    trpc: () => trpc().events.list.query({ limit: 100 }),
    graphql: async () => (await gql(`{ events(limit: 100) { ${page('Event')} } }`)).events,
  },
  listAuditLog: {
    // Admins only (API keys get 403): read with the workspace admin's token on every protocol.
    rest: async () => {
      const r = await rawRequest(h, 'GET', '/api/v2/audit-log?limit=10', { headers: { authorization: `Bearer ${f.ws.adminToken}` } });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThanOrEqual(2);
      return r.body;
    },
    trpc: () => trpcClient(h, f.ws.adminToken).auditLog.list.query({ limit: 10 }),
    graphql: async () => {
      const r = await graphql(h, f.ws.adminToken, `{ auditLog(limit: 10) { ${page('AuditRecord')} nextCursor } }`);
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return r.data.auditLog;
    },
  },
  getEvent: {
    rest: async () => (await rest().GET('/api/v2/events/{eventId}', { params: { path: { eventId: f.eventId } } })).data,
    trpc: () => trpc().events.get.query({ eventId: f.eventId }),
    graphql: async () => (await gql(`query($id: ID!) { event(id: $id) { ${selectAll('Event')} } }`, { id: f.eventId })).event,
  },
};

describe('read use cases: every protocol gives the same whole document', () => {
  it('every shared read use case of the matrix has a reader for each protocol serving it', () => {
    for (const [name, u] of shared('read')) {
      const served = (['rest', 'trpc', 'graphql'] as const).filter((p) => exposed(u[p]));
      expect(Object.keys(READERS[name] ?? {}).sort(), name).toEqual([...served].sort());
    }
    expect(Object.keys(READERS).sort()).toEqual(
      shared('read')
        .map(([name]) => name)
        .sort(),
    );
  });

  it.each(shared('read').map(([name]) => name))('%s', async (name) => {
    const readers = Object.entries(READERS[name] ?? {});
    expect(readers.length).toBeGreaterThanOrEqual(2);
    const answers: [string, unknown][] = [];
    for (const [protocol, read] of readers) answers.push([protocol, comparable(await read())]);
    const [[, first]] = answers as [[string, unknown]];
    // Not an empty page or a null: a comparison of nothing would prove nothing.
    expect(JSON.stringify(first).length).toBeGreaterThan(40);
    for (const [protocol, answer] of answers.slice(1)) expect(answer, `${name}: ${protocol} vs ${answers[0]![0]}`).toEqual(first);
  });
});

describe("the dashboard's overview (tRPC) and the analysts' aggregates (GraphQL) agree", () => {
  it('accounts by status, transactions per day and type, volume per coin, webhook outcomes', async () => {
    const overview = await trpc().overview.get.query();
    const data = await gql(
      `query($since: String) {
        kycStatusCounts { account { status count } }
        perDay: transactionStats(groupBy: [DAY, TYPE], filter: { startDate: $since }) { day transactionType count }
        volume: transactionStats(groupBy: [DAY, TYPE, COIN], filter: { startDate: $since }) { day transactionType coin count amount fee total }
        webhookDeliveryStats(groupBy: []) { deliveries succeeded failed pending successRate }
      }`,
      { since: overview.since },
    );
    expect(overview.transactionsPerDay.length).toBeGreaterThan(0);
    expect(overview.webhooks.deliveries).toBeGreaterThan(0);
    expect(overview.accountsByStatus).toEqual(data.kycStatusCounts.account);
    expect(overview.transactionsPerDay).toEqual(data.perDay);
    expect(overview.volumePerDay.length).toBeGreaterThan(0);
    expect(overview.volumePerDay).toEqual(data.volume);
    const [d] = data.webhookDeliveryStats;
    expect(overview.webhooks).toEqual({
      deliveries: d.deliveries,
      succeeded: d.succeeded,
      failed: d.failed,
      waiting: d.pending,
      successRate: d.successRate,
    });
  });
});
