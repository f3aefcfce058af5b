import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { personSealContext } from './business-seal.js';

const normalised = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * A business is signed for by its control person: the typed name must be that person's (first and
 * last name as submitted, any case and spacing). The name is unsealed here only to compare it.
 */
export async function assertControlSigner(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string, fullName: string): Promise<void> {
  const control = await tx.businessPerson.findFirst({
    where: { workspaceId: ctx.workspaceId, accountId, isController: true },
    select: { position: true, nameEnc: true, nameInitials: true, title: true },
  });
  const name = control
    ? (JSON.parse(ctx.cipher.decrypt(control.nameEnc, personSealContext(accountId, control.position, 'name'))) as {
        firstName: string;
        lastName: string;
      })
    : null;
  if (!control || !name || normalised(`${name.firstName} ${name.lastName}`) !== normalised(fullName)) {
    const who = control ? `${control.nameInitials}, ${control.title}` : 'the control person';
    throw validationError([
      fieldError('fullName', 'invalid', `type the full name of the control person (${who}), who signs for the company`),
    ]);
  }
}
