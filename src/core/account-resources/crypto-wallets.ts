import { createHash } from 'node:crypto';
import { Prisma } from '../../db/generated/prisma/client.js';
import { requireWriter } from '../auth/authorize.js';
import { columns, withIsoDates } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import type { Page } from '../pagination.js';
import { cryptoRoute } from '../transactions/pricing.js';
import { validateBody } from '../validation/validators.js';
import { emitEvent } from '../webhooks/events.js';
import { activeAccountFor, listOfAccount } from './account-for-resource.js';

type WalletDto = Schemas['CryptoWallet'];
const select = columns('id', 'accountId', 'coin', 'network', 'address', 'createdAt') satisfies Prisma.CryptoWalletSelect;
const toDto = (r: Prisma.CryptoWalletGetPayload<{ select: typeof select }>): WalletDto => withIsoDates(r);

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A sandbox deposit address in the network's format, derived from the wallet id. */
export function sandboxAddress(network: string, seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  const b58 = (n: number) => Array.from({ length: n }, (_, i) => BASE58[(bytes[i % 32] ?? 0) % 58]).join('');
  switch (network) {
    case 'bitcoin':
      return `bc1q${bytes
        .toString('hex')
        .replace(/[1bio]/g, 'q')
        .slice(0, 38)}`;
    case 'solana':
      return b58(44);
    case 'tron':
      return `T${b58(33)}`;
    default:
      return `0x${bytes.toString('hex').slice(0, 40)}`;
  }
}

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
        select,
      });
      const wallet = toDto(row);
      await emitEvent(tx, ctx, { type: 'crypto_wallet_created', accountId, details: { wallet } });
      return wallet;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('INVALID_STATE', `the account already has a ${b.coin} wallet on ${b.network}`);
    }
    throw err;
  }
}

/** An account's deposit wallets, oldest first (see `listOfAccount`). */
export function listCryptoWallets(ctx: Ctx, input: { accountId: string; query?: unknown }): Promise<Page<WalletDto>> {
  return listOfAccount(ctx, input, 'listCryptoWallets', toDto, (page) =>
    Promise.all([ctx.db.cryptoWallet.findMany({ ...page, select }), ctx.db.cryptoWallet.count({ where: page.where })]),
  );
}
