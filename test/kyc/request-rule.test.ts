import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_ENUMS } from '../../src/core/contract.js';
import { canRequestVerification } from '../../src/core/kyc/verification-request-rule.js';
import { businessSubmission } from '../factories/business-verification.js';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, poster, rawRequest, startHarness } from '../support/harness.js';

/**
 * "Can verification be requested" is one core rule (verification-request-rule.ts): the request use
 * case refuses by it, and the reads serve it as `canRequestVerification`, which the dashboard renders.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const ACCOUNT_STATUSES = CONTRACT_ENUMS.AccountStatus;
const VERIFICATION_STATUSES = CONTRACT_ENUMS.VerificationStatus;
/** The account statuses a request is accepted in, spelled out (not derived from the rule under test). */
const ALLOWED = new Set(['pending', 'needs_update']);

describe('canRequestVerification (the rule itself)', () => {
  it('allows a request exactly while the account is pending or needs_update with data saved, whatever its status', () => {
    for (const account of ACCOUNT_STATUSES) {
      expect(canRequestVerification(account, null), `${account}, nothing saved`).toBe(false);
      for (const saved of VERIFICATION_STATUSES) {
        expect(canRequestVerification(account, saved), `${account}, ${saved}`).toBe(ALLOWED.has(account));
      }
    }
  });
});

describe('the reads serve the rule the request use case applies', () => {
  it.each([
    'individual',
    'business',
  ] as const)('%s: for every account and verification status, canRequestVerification says what the request does', async (type) => {
    const ws = await workspaceFactory(h.deps);
    const post = poster(h, ws.apiKey);
    const read = (accountId: string) =>
      rawRequest(h, 'GET', `/api/v2/kyc/banking-verification/${accountId}${type === 'business' ? '/business' : ''}`, {
        headers: { authorization: `APIKey ${ws.apiKey}` },
      });
    const seen: string[] = [];
    for (const accountStatus of ACCOUNT_STATUSES) {
      for (const status of VERIFICATION_STATUSES) {
        const { body } = await post('/api/v2/accounts', { type, email: 'holder@example.com' });
        const accountId = body.accountId as string;
        const saved = await post(
          `/api/v2/kyc/banking-verification/${type}`,
          type === 'business' ? businessSubmission(accountId) : submission(accountId),
        );
        expect(saved.status).toBe(200);
        await h.deps.db.account.updateMany({ where: { id: accountId }, data: { status: accountStatus } });
        await h.deps.db.bankingVerification.updateMany({ where: { accountId }, data: { status } });
        const got = await read(accountId);
        expect(got.status).toBe(200);
        expect(got.body).toMatchObject({ accountStatus, status });
        const request = await post('/api/v2/kyc/banking-verification/request', { accountId });
        expect(request.status, `${accountStatus}/${status}`).toBe(got.body.canRequestVerification ? 200 : 409);
        expect(got.body.canRequestVerification, `${accountStatus}/${status}`).toBe(ALLOWED.has(accountStatus));
        seen.push(`${accountStatus}/${status}:${request.status}`);
      }
    }
    expect(seen).toHaveLength(ACCOUNT_STATUSES.length * VERIFICATION_STATUSES.length);
  });

  it('refuses a request with nothing saved (no read to serve then: 404)', async () => {
    const ws = await workspaceFactory(h.deps);
    const post = poster(h, ws.apiKey);
    const { body } = await post('/api/v2/accounts', { type: 'individual', email: 'holder@example.com' });
    const res = await post('/api/v2/kyc/banking-verification/request', { accountId: body.accountId });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATE');
    expect(res.body.detail).toContain('no verification data is saved');
  });
});
