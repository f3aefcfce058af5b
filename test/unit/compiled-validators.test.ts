import { isDeepStrictEqual } from 'node:util';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiledValidators, compiledValidatorsPath, loadCompiled, validatorsKey } from '../../src/core/validation/compiled-validators.js';
import { bodyKey, CONTRACT_ID, contractAjv, operationIds, queryKey, querySchema } from '../../src/core/validation/contract-ajv.js';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { exampleSlots } from '../support/contract-examples.js';

type Json = Record<string, any>;
const doc = contractDocument();
const compiled = compiledValidators();
const runtime = contractAjv(doc);
let checked = 0;

/** Values that trip every kind of check: types, lengths, limits, formats, decimals, hidden characters. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e20,
  '',
  'x',
  'x'.repeat(5_000),
  '12.345678901234567890',
  '-0.01',
  '1e3',
  '2026-02-30',
  '2026-11-29T10:00:00Z',
  '2026-11-29T10:00:00',
  'not a date',
  'a@example.com',
  '00000000-0000-4000-8000-000000000000',
  'https://example.com/hook',
  'AB\u202eCD',
  [],
  ['x'],
  {},
  { unknown: 1 },
];

/** The schema at a `#/...` pointer of the contract, its `$ref`s followed. */
function at(pointer: string): Json {
  let node: Json = pointer
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((n, key) => n?.[key], doc as Json);
  while (node && typeof node.$ref === 'string') node = at(node.$ref);
  return node;
}

/** Property names a schema speaks of (its own, its `allOf`/`oneOf`/`anyOf` branches'). */
function propertyNames(schema: Json, seen = new Set<Json>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const resolved = typeof schema.$ref === 'string' ? at(schema.$ref) : schema;
  const branches = [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])] as Json[];
  return [...new Set([...Object.keys(resolved.properties ?? {}), ...branches.flatMap((b) => propertyNames(b, seen))])];
}

/** Inputs for a schema: its examples, each with every property removed or replaced by an odd value, and random objects of its properties. */
function inputsFor(schema: Json, examples: unknown[], seed: number): unknown[] {
  const names = propertyNames(schema);
  // One base (the first object example, else an empty object) keeps the sweep at some 20,000 inputs.
  const bases = [(examples.find((e) => e && typeof e === 'object' && !Array.isArray(e)) as Json | undefined) ?? {}];
  const inputs: unknown[] = [...examples, ...ODD_VALUES];
  for (const base of bases) {
    inputs.push({ ...base, notInTheContract: 1 });
    for (const name of names) {
      const { [name]: _dropped, ...without } = base;
      inputs.push(without);
      for (const odd of ODD_VALUES) inputs.push({ ...base, [name]: odd });
    }
  }
  const keys = fc.constantFrom(...names, 'notInTheContract');
  inputs.push(...fc.sample(fc.dictionary(keys, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }), { numRuns: 30, seed }));
  return inputs;
}

/** Both validators on copies of `input`: the verdict, the errors and the value (defaults filled in) must be the same. */
function expectSameAnswers(name: string, built: ValidateFunction, now: ValidateFunction, inputs: unknown[]): void {
  for (const input of inputs) {
    const a = structuredClone(input);
    const b = structuredClone(input);
    const valid = now(a);
    const answer = { valid, errors: now.errors ?? null, value: a };
    const got = { valid: built(b), errors: built.errors ?? null, value: b };
    // expect() on each of some 40,000 inputs took seconds; it reports the first difference only.
    if (!isDeepStrictEqual(got, answer)) expect(got, `${name} on ${JSON.stringify(input)?.slice(0, 200)}`).toEqual(answer);
    checked++;
  }
}

const bodyExamples = exampleSlots().flatMap((s) => s.examples);
const examplesAt = (pointer: string) => bodyExamples.filter((e) => e.schemaPointer === pointer).map((e) => e.value);

describe('the validators compiled by the build (dist/contract-validators.cjs)', () => {
  it('are there for this contract, one per body schema and per operation', () => {
    expect(compiled, `${compiledValidatorsPath} missing or stale: npm run build:app`).toBeDefined();
    const expected = [...Object.keys(doc.components.schemas).map(bodyKey), ...operationIds(doc).map(queryKey)];
    expect(Object.keys(compiled ?? {}).sort()).toEqual(expected.sort());
  });

  it('are not used under another key (an edited contract, another Ajv or other options)', () => {
    expect(loadCompiled(compiledValidatorsPath, validatorsKey())).toBeDefined();
    expect(loadCompiled(compiledValidatorsPath, 'f'.repeat(64))).toBeUndefined();
  });

  it('answer every body schema as a validator compiled now does: verdict, errors, defaults', () => {
    let n = 0;
    for (const name of Object.keys(doc.components.schemas)) {
      const pointer = `#/components/schemas/${name}`;
      const now = runtime.getSchema(`${CONTRACT_ID}${pointer}`);
      const built = compiled?.[bodyKey(name)];
      if (!now || !built) throw new Error(`no validator for ${name}`);
      const schema = at(pointer);
      const inputs = inputsFor(schema, [...(schema.example === undefined ? [] : [schema.example]), ...examplesAt(pointer)], n);
      expectSameAnswers(name, built, now, inputs);
      n++;
    }
    expect(n).toBeGreaterThan(50);
    expect(checked).toBeGreaterThan(10_000);
  });

  it("answer every operation's query as a validator compiled now does", () => {
    for (const [i, id] of operationIds(doc).entries()) {
      const { schema } = querySchema(doc, id);
      const built = compiled?.[queryKey(id)];
      if (!built) throw new Error(`no query validator for ${id}`);
      expectSameAnswers(id, built, runtime.compile(schema), inputsFor(schema as Json, [], i));
    }
  });
});
