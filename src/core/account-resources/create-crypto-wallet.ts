import { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { cryptoRoute } from '../transactions/pricing.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor } from './account-for-resource.js';
import { toWalletDto, type WalletDto, walletSelect } from './crypto-wallet-row.js';
import { sandboxAddress } from './sandbox-address.js';

/** A deposit wallet for a coin/network pair; emits crypto_wallet_created. */
export async function createCryptoWallet(ctx: Ctx, input: { accountId: string; body: unknown }): Promise<WalletDto> {
  requireWriter(ctx);
  const b = validateBody('CreateCryptoWalletRequest', input.body);
  cryptoRoute(b.coin, b.network);
  try {
    return await inTransaction(ctx, async (tx) => {
      const accountId = await activeAccountFor(tx, ctx, input.accountId);
      const id = ctx.ids.uuid();
      const row = await tx.cryptoWallet.create({
        data: {
          id,
          workspaceId: ctx.workspaceId,
          accountId,
          coin: b.coin,
          network: b.network,
          address: sandboxAddress(b.network, id),
          createdAt: ctx.clock.now(),
        },
        select: walletSelect,
      });
      const wallet = toWalletDto(row);
      await emitEvent(tx, ctx, { type: 'crypto_wallet_created', accountId, details: { wallet } });
      await recordAudit(tx, ctx, {
        action: 'crypto_wallet.created',
        object: { type: 'crypto_wallet', id },
        changes: { accountId: { after: accountId }, coin: { after: b.coin }, network: { after: b.network } },
      });
      return wallet;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('INVALID_STATE', `the account already has a ${b.coin} wallet on ${b.network}`);
    }
    throw err;
  }
}
