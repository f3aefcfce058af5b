import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deriveErrorCodes } from '../../scripts/derive-error-codes.js';
import { errorKinds } from '../../src/core/errors.js';
import { bankBody } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { contractViolations } from '../support/contract.js';
import { type Harness, poster, startHarness } from '../support/harness.js';

const contract = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; 'x-error-codes'?: Record<string, string[]> }>>;
};
const operations = Object.values(contract.paths).flatMap((item) =>
  Object.values(item).filter((op) => typeof op === 'object' && op?.operationId),
);

describe('x-error-codes: per operation, the codes each error status may carry', () => {
  it('are what scripts/derive-error-codes.ts derives from the code (run it with --write after a change)', () => {
    const derived = deriveErrorCodes(contract as never);
    for (const op of operations) expect(op['x-error-codes'] ?? {}, op.operationId).toEqual(derived.get(op.operationId!));
  });

  it('list only codes whose HTTP status is the one they are listed under', () => {
    for (const op of operations) {
      for (const [status, codes] of Object.entries(op['x-error-codes'] ?? {})) {
        for (const code of codes)
          expect(String(errorKinds[code as keyof typeof errorKinds].http), `${op.operationId} ${code}`).toBe(status);
      }
    }
  });

  it('the contract check refuses a code an operation does not declare', () => {
    const problem = {
      type: '/problems/limit-reached',
      title: 'Limit reached',
      status: 409,
      code: 'LIMIT_REACHED',
      detail: 'x',
      requestId: 'r',
    };
    expect(contractViolations('POST', 'http://x/api/v2/accounts', 409, 'application/problem+json', problem)).toEqual([
      'POST /api/v2/accounts: code LIMIT_REACHED is not in its x-error-codes for 409',
    ]);
  });
});

describe('codes answered are declared (every validated answer of the suite is checked the same way)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  it('a withdrawal from a pending account without funds is a 409 whose code createBankTransaction declares', async () => {
    const { apiKey } = await workspaceFactory(h.deps);
    const post = poster(h, apiKey);
    const account = await post('/api/v2/accounts', { type: 'individual', email: 'codes@example.com' });
    const refused = await post('/api/v2/transactions/bank', bankBody(account.body.accountId));
    expect(refused.status).toBe(409);
    expect(contract.paths['/api/v2/transactions/bank']!.post!['x-error-codes']!['409']).toContain(refused.body.code);
  });
});
