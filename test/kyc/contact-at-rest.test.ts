import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submission } from '../factories/verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { graphql, type Harness, poster, rawRequest, startHarness } from '../support/harness.js';

// The holder's phone and street lines are sealed at rest like the id number and birth date: the
// table's rows, read as text, hold none of them, while every read shows what it showed before
// (the phone masked, the address lines in full).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const PHONE = '+447911123456';
const STREET = '221B Baker Street';
const FLAT = 'Second floor flat';

describe('phone and street at rest', () => {
  it('are not in the database rows, and reads are unchanged', async () => {
    const ws = await workspaceFactory(h.deps, 'Contact at rest');
    const call = poster(h, ws.apiKey);
    const account = await call('/api/v2/accounts', { type: 'individual', email: 'sealed@example.com' });
    const accountId = account.body.accountId as string;
    const body = submission(accountId, {
      phone: PHONE,
      address: { address1: STREET, address2: FLAT, city: 'London', state: 'LND', postalCode: 'NW1 6XE', country: 'GB' },
    });
    expect((await call('/api/v2/kyc/banking-verification/individual', body)).status).toBe(200);

    const rows = await h.deps.db.$queryRaw<
      { row: string }[]
    >`SELECT b::text AS row FROM banking_verifications b WHERE account_id = ${accountId}::uuid`;
    expect(rows).toHaveLength(1);
    const text = rows[0]?.row ?? '';
    for (const clear of [PHONE, PHONE.slice(1), '7911123456', STREET, 'Baker', FLAT]) expect(text).not.toContain(clear);
    expect(text).toContain('London'); // the rest of the address stays as it was

    const read = await rawRequest(h, 'GET', `/api/v2/kyc/banking-verification/${accountId}`, {
      headers: { authorization: `APIKey ${ws.apiKey}` },
    });
    expect(read.status).toBe(200);
    expect(read.body.phoneMasked).toBe('+********3456');
    expect(read.body.address).toEqual({
      address1: STREET,
      address2: FLAT,
      city: 'London',
      state: 'LND',
      postalCode: 'NW1 6XE',
      country: 'GB',
    });
    expect(JSON.stringify(read.body)).not.toContain(PHONE);
    const q = await graphql(
      h,
      ws.apiKey,
      `{ account(accountId: "${accountId}") { bankingVerification { phoneMasked address { address1 address2 } } } }`,
    );
    expect(q.data.account.bankingVerification).toEqual({ phoneMasked: '+********3456', address: { address1: STREET, address2: FLAT } });
  });
});
