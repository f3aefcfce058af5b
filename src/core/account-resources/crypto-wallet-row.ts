import type { Prisma } from '../../db/generated/prisma/client.js';
import { columns, withIsoDates } from '../columns.js';
import type { Schemas } from '../contract.js';

export type WalletDto = Schemas['CryptoWallet'];
export const walletSelect = columns('id', 'accountId', 'coin', 'network', 'address', 'createdAt') satisfies Prisma.CryptoWalletSelect;
export const toWalletDto = (r: Prisma.CryptoWalletGetPayload<{ select: typeof walletSelect }>): WalletDto => withIsoDates(r);
