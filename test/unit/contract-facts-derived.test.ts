import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ENUMS,
  CONTRACT_INTEGER_PARAMETERS,
  CONTRACT_PROPERTY_ENUMS,
  WEBHOOK_EVENT_TYPES,
} from '../../src/core/generated/contract-facts.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * Lists that look like a contract enum's values and are left, each with why. Anything else found
 * fails the test: derive it from src/core/generated (CONTRACT_ENUMS, CONTRACT_PROPERTY_ENUMS, or the
 * type `Schemas[...]` of src/core/contract.ts).
 */
const KNOWN: Record<string, string> = {
  'src/operator/seed/reference-data.ts:':
    'the seed draws instruments and SWIFT coins with these weights (ach 5 in 10): distributions, not the lists',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path.endsWith(join('core', 'generated')) ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The contract's value lists: every string enum (named or on a property) and the webhook event types. */
function contractLists(): Map<string, string> {
  const lists = new Map<string, string>();
  const add = (name: string, values: readonly string[]) => {
    const key = [...new Set(values)].sort().join('|');
    if (values.length >= 2) lists.set(key, lists.has(key) ? `${lists.get(key)} = ${name}` : name);
  };
  for (const [name, values] of Object.entries(CONTRACT_ENUMS)) add(name, values);
  for (const [schema, props] of Object.entries(CONTRACT_PROPERTY_ENUMS))
    for (const [prop, values] of Object.entries(props as Record<string, readonly string[]>)) add(`${schema}.${prop}`, values);
  add('webhooks', WEBHOOK_EVENT_TYPES);
  return lists;
}

/** Every list of two or more string literals written in a file: array literals and unions of literal types. */
function literalLists(file: string, text: string): { values: string[]; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { values: string[]; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let values: string[] | null = null;
    if (ts.isArrayLiteralExpression(node) && node.elements.every(ts.isStringLiteralLike)) {
      values = node.elements.map((e) => (e as ts.StringLiteralLike).text);
    } else if (ts.isUnionTypeNode(node) && node.types.every((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal))) {
      values = node.types.map((t) => ((t as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
    }
    if (values && values.length >= 2) found.push({ values, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('facts of the contract are derived, not restated in src', () => {
  it('writes no list of the values of a contract enum by hand', () => {
    const lists = contractLists();
    const restated = sources(join(root, 'src')).flatMap((file) =>
      restatements(lists, relative(root, file), readFileSync(file, 'utf8')).filter((r) => !Object.keys(KNOWN).some((k) => r.startsWith(k))),
    );
    expect(restated).toEqual([]);
  });

  it('finds a restated list in any order, as an array or a union (the check itself can fail)', () => {
    const lists = contractLists();
    const text = [
      "export const MEDIA = ['application/pdf', 'image/png', 'image/jpeg', 'image/heic'] as const;",
      "type Role = 'analyst' | 'admin';",
      "const other = ['admin', 'nobody'];",
    ].join('\n');
    const found = restatements(lists, 'src/x.ts', text);
    expect(found.find((r) => r.startsWith('src/x.ts:1 restates'))).toContain('KycDocument.mediaType');
    expect(found.some((r) => r.startsWith('src/x.ts:2 restates'))).toBe(true);
    expect(found.filter((r) => r.startsWith('src/x.ts:3'))).toEqual([]);
  });

  it("GraphQL's page sizes are the contract's Limit parameter, not numbers of its own", () => {
    expect(CONTRACT_INTEGER_PARAMETERS.Limit).toMatchObject({ name: 'limit', minimum: 1 });
    const limits = readFileSync(join(root, 'src/graphql/limits.ts'), 'utf8');
    expect(limits).toContain('CONTRACT_INTEGER_PARAMETERS.Limit');
    expect(limits).not.toMatch(
      new RegExp(`\\b(${CONTRACT_INTEGER_PARAMETERS.Limit.default}|${CONTRACT_INTEGER_PARAMETERS.Limit.maximum})\\b`),
    );
  });
});

function restatements(lists: Map<string, string>, where: string, text: string): string[] {
  return literalLists(where, text).flatMap(({ values, line }) => {
    const name = lists.get([...new Set(values)].sort().join('|'));
    return name ? [`${where}:${line} restates ${name}`] : [];
  });
}
