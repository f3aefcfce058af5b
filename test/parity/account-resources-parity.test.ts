import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCryptoBeneficiary } from '../../src/core/account-resources/create-crypto-beneficiary.js';
import { createCryptoWallet } from '../../src/core/account-resources/create-crypto-wallet.js';
import { activeAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, rawRequest, startHarness, trpcClient } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const WALLET = 'id accountId coin network address createdAt';
const BENEFICIARY = 'id accountId name coin network address createdAt updatedAt';
type Kind = 'cryptoWallets' | 'cryptoBeneficiaries';
const path = { cryptoWallets: 'crypto-wallets', cryptoBeneficiaries: 'crypto-beneficiaries' } as const;

/** The list of one kind through each protocol: plain data, or `{ error: code }`. */
function protocols(secret: string) {
  const trpc = trpcClient(h, secret);
  return {
    rest: async (kind: Kind, accountId: string, query: Record<string, string | number>): Promise<any> => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const r = await rawRequest(h, 'GET', `/api/v2/accounts/${accountId}/${path[kind]}${qs ? `?${qs}` : ''}`, {
        headers: { authorization: `APIKey ${secret}` },
      });
      return r.status === 200 ? r.body : { error: r.body.code };
    },
    trpc: (kind: Kind, accountId: string, query: Record<string, unknown>): Promise<any> =>
      (trpc.accounts[kind].query as (i: unknown) => Promise<unknown>)({ accountId, ...query }).catch((e: any) => ({ error: e.data.code })),
    graphql: async (kind: Kind, accountId: string, query: Record<string, unknown>): Promise<any> => {
      const fields = kind === 'cryptoWallets' ? WALLET : BENEFICIARY;
      const args = Object.keys(query).map((k) => `${k}: $${k}`);
      const decl = Object.keys(query).map((k) => `$${k}: Int`);
      const r = await graphql(
        h,
        secret,
        `query($accountId: ID!${decl.map((d) => `, ${d}`).join('')}) {
          ${kind}(accountId: $accountId${args.map((a) => `, ${a}`).join('')}) { page limit total data { ${fields} } }
        }`,
        { accountId, ...query },
      );
      return r.errors ? { error: r.errors[0]?.extensions?.code } : r.data[kind];
    },
  };
}

async function seed() {
  const ws = await workspaceFactory(h.deps);
  const accountId = await activeAccount(ws.ctx, `wallets-${Date.now()}@example.com`);
  const routes = [
    ['ETH', 'ethereum'],
    ['BTC', 'bitcoin'],
    ['SOL', 'solana'],
  ] as const;
  for (const [coin, network] of routes) await createCryptoWallet(ws.ctx, { accountId, body: { coin, network } });
  const addresses = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
  ];
  for (const [i, address] of addresses.entries()) {
    await createCryptoBeneficiary(ws.ctx, { accountId, body: { name: `Payee ${i}`, coin: 'ETH', network: 'ethereum', address } });
  }
  return { ws, accountId };
}

describe('crypto wallets and beneficiaries lists: the page envelope on REST, tRPC and GraphQL', () => {
  it('pages with the standard defaults and bounds, the same on every protocol', async () => {
    const { ws, accountId } = await seed();
    const p = protocols(ws.apiKey);
    // GraphQL and tRPC use the admin token (the dashboard and analysts); REST the API key.
    const byProtocol = { rest: p.rest, trpc: protocols(ws.adminToken).trpc, graphql: protocols(ws.adminToken).graphql };
    for (const kind of ['cryptoWallets', 'cryptoBeneficiaries'] as const) {
      const results: Record<string, any> = {};
      for (const [name, list] of Object.entries(byProtocol)) {
        const all = await list(kind, accountId, {});
        expect(all, `${name} ${kind}`).toMatchObject({ page: 1, limit: 100, total: 3 });
        expect(all.data).toHaveLength(3);
        const first = await list(kind, accountId, { page: 1, limit: 2 });
        const second = await list(kind, accountId, { page: 2, limit: 2 });
        expect(first).toMatchObject({ page: 1, limit: 2, total: 3 });
        expect(second).toMatchObject({ page: 2, limit: 2, total: 3 });
        // The pages split the oldest-first list without overlap.
        expect([...first.data, ...second.data].map((x: any) => x.id)).toEqual(all.data.map((x: any) => x.id));
        expect(await list(kind, accountId, { page: 3, limit: 2 })).toMatchObject({ data: [], total: 3 });
        for (const bad of [{ limit: 0 }, { limit: 1001 }, { page: 0 }] as Record<string, number>[]) {
          expect(await list(kind, accountId, bad), `${name} ${kind} ${JSON.stringify(bad)}`).toEqual({ error: 'VALIDATION_FAILED' });
        }
        results[name] = all.data;
      }
      expect(results.trpc).toEqual(results.rest);
      expect(results.graphql).toEqual(results.rest);
    }
  });

  it('rejects unknown query parameters and non-integer limits on REST and tRPC (GraphQL rejects unknown arguments)', async () => {
    const { ws, accountId } = await seed();
    const p = protocols(ws.apiKey);
    const trpc = protocols(ws.adminToken).trpc;
    for (const kind of ['cryptoWallets', 'cryptoBeneficiaries'] as const) {
      expect(await p.rest(kind, accountId, { bogus: 1 })).toEqual({ error: 'VALIDATION_FAILED' });
      expect(await p.rest(kind, accountId, { limit: 'abc' })).toEqual({ error: 'VALIDATION_FAILED' });
      expect(await trpc(kind, accountId, { bogus: 1 })).toEqual({ error: 'VALIDATION_FAILED' });
      expect(await trpc(kind, accountId, { limit: 'abc' })).toEqual({ error: 'VALIDATION_FAILED' });
      const r = await graphql(h, ws.adminToken, `query($id: ID!) { ${kind}(accountId: $id, bogus: 1) { total } }`, { id: accountId });
      expect(r.errors?.[0]?.message).toMatch(/bogus/);
    }
  });

  it('answers NOT_FOUND for an account of another workspace on every protocol', async () => {
    const { accountId } = await seed();
    const other = await workspaceFactory(h.deps);
    const p = protocols(other.apiKey);
    const admin = protocols(other.adminToken);
    for (const kind of ['cryptoWallets', 'cryptoBeneficiaries'] as const) {
      expect(await p.rest(kind, accountId, {})).toEqual({ error: 'NOT_FOUND' });
      expect(await admin.trpc(kind, accountId, {})).toEqual({ error: 'NOT_FOUND' });
      expect(await admin.graphql(kind, accountId, {})).toEqual({ error: 'NOT_FOUND' });
    }
  });
});
