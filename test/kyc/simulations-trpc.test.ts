import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness, trpcClient } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

describe('sandbox KYC simulations on tRPC (dashboard buttons)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('holder actions and the provider outcome move the verification and the account, as over REST', async () => {
    const ws = await workspaceFactory(h.deps);
    const admin = trpcCaller(h, ws.adminToken);
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
    const { accountId } = await trpcCaller(h, other.adminToken).accounts.create.mutate({ type: 'individual', email: 'x@example.com' });
    await expect(trpcCaller(h, ws.analystToken).simulations.kycOutcome.mutate({ accountId, outcome: 'completed' })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await expect(
      trpcCaller(h, ws.adminToken).simulations.kycHolderAction.mutate({ accountId, action: 'terms_signed' }),
    ).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });
  });

  it('the in-process caller (createCaller) these tests use answers and fails as the HTTP adapter does: the same output, the same error data', async () => {
    const ws = await workspaceFactory(h.deps);
    const { accountId } = await trpcCaller(h, ws.adminToken).accounts.create.mutate({ type: 'individual', email: 'same@example.com' });
    const overHttp = await trpcClient(h, ws.adminToken).accounts.get.query({ accountId });
    expect(await trpcCaller(h, ws.adminToken).accounts.get.query({ accountId })).toEqual(overHttp);
    expect(typeof overHttp.createdAt).toBe('string');
    const failures: [string, (c: ReturnType<typeof trpcClient>) => Promise<unknown>][] = [
      [ws.adminToken, (c) => c.accounts.get.query({ accountId: 'nope' })],
      [ws.analystToken, (c) => c.simulations.kycOutcome.mutate({ accountId, outcome: 'completed' })],
      ['fas_at_unknown', (c) => c.accounts.list.query({})],
      [ws.adminToken, (c) => c.accounts.get.query({ accountId: crypto.randomUUID() })],
    ];
    const codes: string[] = [];
    for (const [secret, call] of failures) {
      const viaHttp = await call(trpcClient(h, secret)).catch((e) => ({ message: e.message, data: e.data }));
      const inProcess = await call(trpcCaller(h, secret)).catch((e) => ({ message: e.message, data: e.data }));
      expect(inProcess).toEqual(viaHttp);
      codes.push((viaHttp as { data: { code: string } }).data.code);
    }
    expect(codes).toEqual(['VALIDATION_FAILED', 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND']);
  });
});
