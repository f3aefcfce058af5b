import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSubmission, businessWithField } from '../factories/business-verification.js';
import { workspaceFactory } from '../factories/workspace.js';
import { hostileValue } from '../fuzz/arbitraries.js';
import { type Harness, poster, startHarness } from '../support/harness.js';

let h: Harness;
let post: ReturnType<typeof poster>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  const ws = await workspaceFactory(h.deps);
  post = poster(h, ws.apiKey);
  accountId = (await post('/api/v2/accounts', { type: 'business', email: 'kyb@example.com' })).body.accountId;
});
afterAll(async () => h?.close());

const SUBMIT = '/api/v2/kyc/banking-verification/business';
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** The submission's people replaced, the first one's identity kept for each. */
function withPeople(people: Array<Record<string, unknown>>) {
  const base = businessSubmission(accountId);
  return { ...base, people: people.map((p) => ({ ...base.people[1], ...p })) };
}

describe('a bad business submission is a 400 naming its field', () => {
  it.each<[string, unknown, string]>([
    ['company.legalName', '', 'company.legalName'],
    ['company.businessType', 'trust', 'company.businessType'],
    ['company.registrationNumber', '-bad', 'company.registrationNumber'],
    ['company.countryOfIncorporation', 'XK', 'company.countryOfIncorporation'],
    ['company.stateOfIncorporation', undefined, 'company.stateOfIncorporation'],
    ['company.incorporationDate', tomorrow, 'company.incorporationDate'],
    ['company.incorporationDate', '2023-02-30', 'company.incorporationDate'],
    ['company.incorporationDate', '1799-12-31', 'company.incorporationDate'],
    ['company.taxId', 'A', 'company.taxId'],
    ['company.address.postalCode', '#1', 'company.address.postalCode'],
    ['company.address.country', 'us', 'company.address.country'],
    ['company.website', 'ftp://acme.example', 'company.website'],
    ['company.phone', '4155550100', 'company.phone'],
    ['company.extra', 1, 'company.extra'],
    ['people.1.ownershipPercent', 24.99, 'people[1].ownershipPercent'],
    ['people.1.ownershipPercent', 30.555, 'people[1].ownershipPercent'],
    ['people.1.ownershipPercent', undefined, 'people[1].ownershipPercent'],
    ['people.1.roles', [], 'people[1].roles'],
    ['people.1.roles', ['ownership', 'ownership'], 'people[1].roles'],
    ['people.1.roles', ['director'], 'people[1].roles[0]'],
    ['people.1.dateOfBirth', tomorrow, 'people[1].dateOfBirth'],
    ['people.1.documentId.idExpiryDate', yesterday, 'people[1].documentId.idExpiryDate'],
    ['people.1.documentId.idNumber', 'x', 'people[1].documentId.idNumber'],
    ['people.1.phone', '+0123', 'people[1].phone'],
    ['people.1.address.city', 'a\u0007b', 'people[1].address.city'],
    ['people.0.firstName', undefined, 'people[0].firstName'],
    ['people.0.title', 't'.repeat(101), 'people[0].title'],
  ])('%s = %j -> %s', async (field, value, named) => {
    const res = await post(SUBMIT, businessWithField(accountId, field, value));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(named);
  });

  it('the people rules: one control person, owners within 100%, a percentage only for owners, at most 10', async () => {
    const cases: Array<[unknown, string]> = [
      [withPeople([{ roles: ['ownership'], ownershipPercent: 50 }]), 'people'],
      [withPeople([{ roles: ['control'] }, { roles: ['control'] }]), 'people'],
      [
        withPeople([
          { roles: ['control', 'ownership'], ownershipPercent: 40 },
          { roles: ['ownership'], ownershipPercent: 35 },
          { roles: ['ownership'], ownershipPercent: 26 },
        ]),
        'people[2].ownershipPercent',
      ],
      [withPeople([{ roles: ['control'], ownershipPercent: 30 }]), 'people[0].ownershipPercent'],
      [withPeople(Array.from({ length: 11 }, (_, i) => ({ roles: i === 0 ? ['control'] : ['control'] }))), 'people'],
      [{ ...businessSubmission(accountId), people: [] }, 'people'],
    ];
    for (const [body, named] of cases) {
      const res = await post(SUBMIT, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(named);
    }
    // The limits themselves pass: four owners of exactly 25% and a control person without shares.
    const full = withPeople([
      { roles: ['control'], ownershipPercent: undefined },
      ...Array.from({ length: 4 }, () => ({ roles: ['ownership'], ownershipPercent: 25 })),
    ]);
    for (const p of full.people)
      if ((p as { ownershipPercent?: number }).ownershipPercent === undefined) delete (p as any).ownershipPercent;
    expect((await post(SUBMIT, full)).status).toBe(200);
  });
});

/** Every path into the valid body: objects, arrays and leaves. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object') return [prefix];
  const inner = Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => paths(v, [...prefix, k]));
  return [prefix, ...inner];
}

describe('fuzzing the business body', () => {
  it('a hostile value anywhere in the body is answered, never with a 5xx', async () => {
    const valid = businessSubmission(accountId);
    const all = paths(valid).filter((p) => p.length > 0);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(), hostileValue, fc.constantFrom('replace', 'remove', 'extra'), async (pick, bad, how) => {
        const body: any = structuredClone(valid);
        const path = all[pick % all.length]!;
        let target = body;
        for (const k of path.slice(0, -1)) target = target[k];
        const last = path[path.length - 1]!;
        if (how === 'remove') delete target[last];
        else if (how === 'extra' && target && typeof target === 'object' && !Array.isArray(target)) target[`extra${pick % 5}`] = bad;
        else target[last] = bad;
        const res = await post(SUBMIT, body);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect(res.status, JSON.stringify({ path, how, body: res.body })).toBeLessThan(500);
        expect([200, 400, 413]).toContain(res.status);
        if (res.status === 400) expect(res.body.code).toMatch(/^[A-Z_]+$/);
      }),
      { numRuns: 150, seed: 20261208 },
    );
    expect(seen.get(400)).toBeGreaterThan(50);
  }, 120_000);
});
