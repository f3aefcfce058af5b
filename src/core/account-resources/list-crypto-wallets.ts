import type { Ctx } from '../context.js';
import type { Page } from '../pagination.js';
import { listOfAccount } from './account-for-resource.js';
import { toWalletDto, type WalletDto, walletSelect } from './crypto-wallet-row.js';

/** An account's deposit wallets, oldest first (see `listOfAccount`). */
export function listCryptoWallets(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<WalletDto>> {
  return listOfAccount(ctx, input, 'listCryptoWallets', toWalletDto, (page) =>
    Promise.all([ctx.db.cryptoWallet.findMany({ ...page, select: walletSelect }), ctx.db.cryptoWallet.count({ where: page.where })]),
  );
}
