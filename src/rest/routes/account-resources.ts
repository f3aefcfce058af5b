import type { FastifyInstance } from 'fastify';
import { createCryptoBeneficiary } from '../../core/account-resources/create-crypto-beneficiary.js';
import { createCryptoWallet } from '../../core/account-resources/create-crypto-wallet.js';
import { deleteCryptoBeneficiary } from '../../core/account-resources/delete-crypto-beneficiary.js';
import { linkBankAccount } from '../../core/account-resources/link-bank-account.js';
import { listBankAccounts } from '../../core/account-resources/list-bank-accounts.js';
import { listCryptoBeneficiaries } from '../../core/account-resources/list-crypto-beneficiaries.js';
import { listCryptoWallets } from '../../core/account-resources/list-crypto-wallets.js';
import { updateCryptoBeneficiary } from '../../core/account-resources/update-crypto-beneficiary.js';

type ByAccount = { Params: { accountId: string } };
type ByBeneficiary = { Params: { accountId: string; beneficiaryId: string } };
const base = '/api/v2/accounts/:accountId';

/** Wallets, withdrawal beneficiaries and linked bank accounts of an account. */
export function accountResourceRoutes(app: FastifyInstance): void {
  app.post<ByAccount>(`${base}/crypto-wallets`, async (req, reply) =>
    reply.code(201).send(await createCryptoWallet(req.ctx, { accountId: req.params.accountId, body: req.body })),
  );
  app.get<ByAccount>(`${base}/crypto-wallets`, async (req) =>
    listCryptoWallets(req.ctx, { accountId: req.params.accountId, query: req.query }),
  );
  app.post<ByAccount>(`${base}/crypto-beneficiaries`, async (req, reply) =>
    reply.code(201).send(await createCryptoBeneficiary(req.ctx, { accountId: req.params.accountId, body: req.body })),
  );
  app.get<ByAccount>(`${base}/crypto-beneficiaries`, async (req) =>
    listCryptoBeneficiaries(req.ctx, { accountId: req.params.accountId, query: req.query }),
  );
  app.patch<ByBeneficiary>(`${base}/crypto-beneficiaries/:beneficiaryId`, async (req) =>
    updateCryptoBeneficiary(req.ctx, { ...req.params, body: req.body }),
  );
  app.delete<ByBeneficiary>(`${base}/crypto-beneficiaries/:beneficiaryId`, async (req, reply) => {
    await deleteCryptoBeneficiary(req.ctx, req.params);
    return reply.code(204).send();
  });
  app.post<ByAccount>(`${base}/bank-accounts`, async (req, reply) =>
    reply.code(201).send(await linkBankAccount(req.ctx, { accountId: req.params.accountId, body: req.body })),
  );
  app.get<ByAccount>(`${base}/bank-accounts`, async (req) =>
    listBankAccounts(req.ctx, { accountId: req.params.accountId, query: req.query }),
  );
}
