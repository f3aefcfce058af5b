import fc from 'fast-check';
import { contractDocument } from '../../src/core/validation/contract-document.js';

type Schema = Record<string, any>;

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const name = s.$ref.split('/').pop() as string;
    s = (contractDocument().components.schemas[name] as Schema) ?? {};
  }
  return s;
}

const formats: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  date: fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') })
    .map((d) => d.toISOString()),
  uri: fc.constantFrom('https://example.com/hooks', 'https://hooks.example.org/a?b=c'),
};

/** Values that fit a contract schema (approximately: patterns are sampled from known shapes). */
export function validValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  const variants = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(v, depth + 1)));
  if (s.allOf) return validValue(Object.assign({}, ...(s.allOf as Schema[]).map(resolve)), depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format && formats[s.format]) return formats[s.format] as fc.Arbitrary<string>;
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1_000));
        } catch {
          // fast-check cannot generate from every regular expression (lookaheads): plain strings then.
          return fc.string({ maxLength: 20 });
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000, max: s.maximum ?? 1_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 6
        ? fc.constant([])
        : fc.array(validValue(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      if (depth > 6) return fc.constant({});
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, depth + 1)]));
      return fc.record(entries, { requiredKeys: [...required].filter((k) => k in entries) });
    }
    default:
      return fc.constant('x');
  }
}

const nested = (levels: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Values an attacker or a careless client sends: wrong types, odd strings, absurd numbers and dates. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udc00y',
    '\u202e\u0301\ufeff',
    '😀'.repeat(300),
    'x'.repeat(70_000),
    '0000-01-01',
    '9999-12-31',
    '10000-01-01',
    '9999-12-31T23:59:60Z',
    '2016-12-31T23:59:60.123456789012Z',
    '0099-01-01T00:00:00-23:59',
    '2025-02-30',
    '1e999',
    'NaN',
    '-0',
    '../../etc/passwd',
    '%00',
    '%ZZ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    [],
    {},
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.integer({ min: 1, max: 80 }).map((n) => nested(n, 'x')),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

/** A valid object with one mutation: a field replaced, removed, or an unknown field added. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), hostileValue, fc.constantFrom('replace', 'remove', 'extra', 'whole')).map(([v, pick, bad, how]) => {
    if (how === 'whole' || !v || typeof v !== 'object' || Array.isArray(v)) return bad;
    const copy = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys.length ? (keys[pick % keys.length] as string) : 'field';
    if (how === 'remove') delete copy[key];
    else if (how === 'extra') copy[`extra${pick % 7}`] = bad;
    else copy[key] = bad;
    return copy;
  });
}

/** Path segments: real-looking ids and hostile ones (encoded before use). */
export const pathSegment: fc.Arbitrary<{ raw: boolean; value: string }> = fc.oneof(
  fc.uuid().map((value) => ({ raw: false, value })),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((value) => ({ raw: false, value: value || 'x' })),
  fc.constantFrom('%ZZ', '%00', '%E0%A4%A', '%2F..%2F', 'a'.repeat(201), '%F0%9F%98', '..', '%').map((value) => ({ raw: true, value })),
);
