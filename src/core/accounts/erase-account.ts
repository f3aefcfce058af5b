import type { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit, withheldFields } from '../audit/record-audit.js';
import { requireAdmin } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { inTransaction } from '../idempotency/in-transaction.js';
import { documentStoreOf } from '../kyc/documents/holder-link.js';
import { assertUuid } from '../validation/uuid.js';
import { emitEvent } from '../webhooks/events.js';
import { type AccountDto, accountSelect, type ErasedKind, toAccountDto } from './account-dto.js';
import { lockAccount } from './account-lock.js';
import { scrubAccountEvents } from './scrub-events.js';
import { vacuumErased } from './vacuum-erased.js';

/** What the account holds of its holder, by kind, before it is destroyed. */
async function personalData(tx: Prisma.TransactionClient, workspaceId: string, accountId: string) {
  const key = { workspaceId_accountId: { workspaceId, accountId } };
  const [verification, documents, bankAccounts] = await Promise.all([
    tx.bankingVerification.findUnique({ where: key, select: { signatureNameEnc: true, business: { select: { accountId: true } } } }),
    tx.kycDocument.findMany({ where: { workspaceId, accountId }, select: { id: true } }),
    tx.bankAccountLink.count({ where: { workspaceId, accountId } }),
  ]);
  const kinds: ErasedKind[] = ['email'];
  if (verification) kinds.push('verification');
  if (verification?.business) kinds.push('business');
  if (documents.length) kinds.push('documents');
  if (verification?.signatureNameEnc) kinds.push('signature');
  if (bankAccounts) kinds.push('bankAccounts');
  return { kinds, documentIds: documents.map((d) => d.id) };
}

/**
 * `eraseAccount` (admins only): destroys the holder's personal data for good, in one transaction:
 * the email; the verification row with every sealed and clear identity field, the signature and
 * the link (a business's company and people go with it, by cascade); the documents' rows and
 * contents; linked bank accounts; the personal values carried by the account's past events. The
 * account id and status, transactions, ledger and audit records stay. Idempotent: an erased
 * account is answered as it is. After the commit, an external document store drops the contents
 * and the tables are vacuumed so the old row versions leave the table files.
 */
export async function eraseAccount(ctx: Ctx, input: { accountId: string }): Promise<AccountDto> {
  requireAdmin(ctx);
  const accountId = assertUuid('accountId', input.accountId);
  const ws = ctx.workspaceId;
  const done = await inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, ctx, accountId);
    const where = { workspaceId_id: { workspaceId: ws, id: accountId } };
    if (account.erasedAt) {
      const current = await tx.account.findUniqueOrThrow({ where, select: accountSelect });
      return { account: toAccountDto(current), documentIds: [], fresh: false };
    }
    const { kinds, documentIds } = await personalData(tx, ws, accountId);
    const now = ctx.clock.now();
    await tx.kycDocument.deleteMany({ where: { workspaceId: ws, accountId } });
    await tx.bankingVerification.deleteMany({ where: { workspaceId: ws, accountId } });
    await tx.bankAccountLink.deleteMany({ where: { workspaceId: ws, accountId } });
    const row = await tx.account.update({
      where,
      data: { email: null, erasedAt: now, erased: kinds, updatedAt: now },
      select: accountSelect,
    });
    await scrubAccountEvents(tx, ctx, accountId);
    await emitEvent(tx, ctx, { type: 'account_erased', accountId, details: { accountId, erasedAt: now.toISOString(), erased: kinds } });
    // What was erased by kind and count, never a value: the record outlives the data.
    await recordAudit(tx, ctx, {
      action: 'account.erased',
      object: { type: 'account', id: accountId },
      changes: { ...withheldFields(['email'], 'both'), erased: { after: kinds }, documents: { before: documentIds.length, after: 0 } },
    });
    return { account: toAccountDto(row), documentIds, fresh: true };
  });
  if (done.fresh) {
    await documentStoreOf(ctx).delete(ws, done.documentIds);
    await vacuumErased(ctx);
  }
  return done.account;
}
