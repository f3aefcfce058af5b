import { listCryptoBeneficiaries } from '../../core/account-resources/crypto-beneficiaries.js';
import { listCryptoWallets } from '../../core/account-resources/crypto-wallets.js';
import type { Schemas } from '../../core/contract.js';
import { builder } from '../builder.js';
import { accountResourceListField, exposeStrings } from '../fields.js';

type Wallet = Schemas['CryptoWallet'];
type Beneficiary = Schemas['CryptoBeneficiary'];

const CryptoWallet = builder.objectRef<Wallet>('CryptoWallet').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    ...exposeStrings(t, 'coin', 'network', 'address'),
    createdAt: t.field({ type: 'DateTime', resolve: (w) => w.createdAt }),
  }),
});

const CryptoBeneficiary = builder.objectRef<Beneficiary>('CryptoBeneficiary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    ...exposeStrings(t, 'name', 'coin', 'network', 'address'),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (b) => b.updatedAt }),
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
