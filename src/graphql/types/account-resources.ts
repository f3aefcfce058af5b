import { listCryptoBeneficiaries } from '../../core/account-resources/list-crypto-beneficiaries.js';
import { listCryptoWallets } from '../../core/account-resources/list-crypto-wallets.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';
import { accountResourceListField, exposeStrings } from '../fields.js';

type Wallet = Schemas['CryptoWallet'];
type Beneficiary = Schemas['CryptoBeneficiary'];

const CryptoWallet = builder.objectRef<Wallet>('CryptoWallet').implement({
  description: 'A deposit wallet of an account: funds sent to its address on its network arrive on the account.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The wallet (uuid).' }),
    accountId: t.exposeID('accountId', { description: 'The account the wallet belongs to.' }),
    ...exposeStrings(t, {
      coin: 'The coin the wallet receives (for example ETH).',
      network: 'The blockchain network of the address (for example ethereum).',
      address: 'The deposit address on that network.',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the wallet was created.', resolve: (w) => w.createdAt }),
  }),
});

const CryptoBeneficiary = builder.objectRef<Beneficiary>('CryptoBeneficiary').implement({
  description: 'A saved withdrawal destination of an account.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The beneficiary (uuid).' }),
    accountId: t.exposeID('accountId', { description: 'The account the beneficiary belongs to.' }),
    ...exposeStrings(t, {
      name: 'A name the client gave the beneficiary.',
      coin: 'The coin sent to it (for example USDC).',
      network: 'The blockchain network of the address.',
      address: 'The destination address on that network.',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the beneficiary was saved.', resolve: (b) => b.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last changed.', resolve: (b) => b.updatedAt }),
  }),
});

// Same core use cases and rules as the REST lists (page/limit defaults and bounds).
accountResourceListField(
  'cryptoWallets',
  CryptoWallet,
  "An account's deposit wallets, oldest first (same rules as GET /api/v2/accounts/{accountId}/crypto-wallets).",
  listCryptoWallets,
);
accountResourceListField(
  'cryptoBeneficiaries',
  CryptoBeneficiary,
  "An account's withdrawal beneficiaries, oldest first (same rules as GET /api/v2/accounts/{accountId}/crypto-beneficiaries).",
  listCryptoBeneficiaries,
);
