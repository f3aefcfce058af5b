import { listCryptoBeneficiaries } from '../../core/account-resources/crypto-beneficiaries.js';
import { listCryptoWallets } from '../../core/account-resources/crypto-wallets.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';

type Wallet = Schemas['CryptoWallet'];
type Beneficiary = Schemas['CryptoBeneficiary'];

const CryptoWallet = builder.objectRef<Wallet>('CryptoWallet').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    coin: t.exposeString('coin'),
    network: t.exposeString('network'),
    address: t.exposeString('address'),
    createdAt: t.field({ type: 'DateTime', resolve: (w) => w.createdAt }),
  }),
});

const CryptoBeneficiary = builder.objectRef<Beneficiary>('CryptoBeneficiary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    name: t.exposeString('name'),
    coin: t.exposeString('coin'),
    network: t.exposeString('network'),
    address: t.exposeString('address'),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (b) => b.updatedAt }),
  }),
});

type PageOf<T> = { data: T[]; page: number; limit: number; total: number };
const CryptoWalletPage = builder.objectRef<PageOf<Wallet>>('CryptoWalletPage').implement({
  fields: (t) => ({
    data: t.field({ type: [CryptoWallet], resolve: (p) => p.data }),
    page: t.exposeInt('page'),
    limit: t.exposeInt('limit'),
    total: t.exposeInt('total'),
  }),
});
const CryptoBeneficiaryPage = builder.objectRef<PageOf<Beneficiary>>('CryptoBeneficiaryPage').implement({
  fields: (t) => ({
    data: t.field({ type: [CryptoBeneficiary], resolve: (p) => p.data }),
    page: t.exposeInt('page'),
    limit: t.exposeInt('limit'),
    total: t.exposeInt('total'),
  }),
});

// Same core use cases and rules as the REST lists (page/limit defaults and bounds).
builder.queryFields((t) => ({
  cryptoWallets: t.field({
    type: CryptoWalletPage,
    description: "An account's deposit wallets, oldest first (same rules as GET /api/v2/accounts/{accountId}/crypto-wallets).",
    args: { accountId: t.arg.id({ required: true }), page: t.arg.int(), limit: t.arg.int() },
    resolve: async (_root, { accountId, ...query }, ctx) => listCryptoWallets(await ctx.core(), { accountId: String(accountId), query }),
  }),
  cryptoBeneficiaries: t.field({
    type: CryptoBeneficiaryPage,
    description:
      "An account's withdrawal beneficiaries, oldest first (same rules as GET /api/v2/accounts/{accountId}/crypto-beneficiaries).",
    args: { accountId: t.arg.id({ required: true }), page: t.arg.int(), limit: t.arg.int() },
    resolve: async (_root, { accountId, ...query }, ctx) =>
      listCryptoBeneficiaries(await ctx.core(), { accountId: String(accountId), query }),
  }),
}));
