import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness, trpcClient } from '../support/harness.js';

describe('sandbox KYC simulations on tRPC (dashboard buttons)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('holder actions and the provider outcome move the verification and the account, as over REST', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcClient(h, ws.adminToken);
    const { accountId } = await admin.accounts.create.mutate({ type: 'individual', email: 'holder@example.com' });
    await admin.kyc.submitBankingVerification.mutate(submission(accountId) as never);
    const signed = await admin.simulations.kycHolderAction.mutate({ accountId, action: 'terms_signed' });
    expect(signed.accountId).toBe(accountId);
    await admin.kyc.requestBankingVerification.mutate({ accountId });
    const account = await admin.simulations.kycOutcome.mutate({ accountId, outcome: 'completed' });
    expect(account.status).toBe('active');
    await expect(admin.simulations.kycOutcome.mutate({ accountId, outcome: 'maybe' as never })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
  });

  it('analysts cannot simulate; another workspace account is 404', async () => {
    const ws = await workspaceFactory(h.deps);
    const other = await workspaceFactory(h.deps);
    const { accountId } = await trpcClient(h, other.adminToken).accounts.create.mutate({ type: 'individual', email: 'x@example.com' });
    await expect(trpcClient(h, ws.analystToken).simulations.kycOutcome.mutate({ accountId, outcome: 'completed' })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await expect(
      trpcClient(h, ws.adminToken).simulations.kycHolderAction.mutate({ accountId, action: 'terms_signed' }),
    ).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
  });
});
