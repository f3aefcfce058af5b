import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import { appRouter } from '../../src/trpc/router.js';
import { mirroredReads, shapeDifferences } from './graphql-shapes.js';
import { exposed, MATRIX } from './matrix.js';

// No database and no server, but importing the whole router takes seconds: not in the unit tier.
// schema.graphql is the printed schema (`npm run check` fails when it is out of date).
const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

const rows = Object.entries(MATRIX);
const cells = (protocol: 'rest' | 'trpc' | 'graphql') => rows.map(([, u]) => u[protocol]).filter(exposed);
const duplicates = (list: string[]) => list.filter((x, i) => list.indexOf(x) !== i);

function operationIds(): string[] {
  const doc = contractDocument() as { paths: Record<string, Record<string, unknown>>; webhooks?: Record<string, Record<string, unknown>> };
  return [...Object.values(doc.paths), ...Object.values(doc.webhooks ?? {})].flatMap((item) =>
    Object.values(item).flatMap((op) => {
      const id = (op as { operationId?: string } | null)?.operationId;
      return id ? [id] : [];
    }),
  );
}

const procedures = () => Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);

function rootFields(): string[] {
  return (['Query', 'Mutation', 'Subscription'] as const).flatMap((name) => {
    const type = schema.getType(name);
    return type && isObjectType(type) ? Object.keys(type.getFields()).map((f) => `${name}.${f}`) : [];
  });
}

function graphqlFieldExists(cell: string): boolean {
  const [typeName, field] = cell.split('.');
  const type = schema.getType(typeName ?? '');
  return !!type && isObjectType(type) && !!field && field in type.getFields();
}

describe('the protocol matrix covers every use case', () => {
  it('names every operationId of openapi.yaml (paths and webhooks), once, and only those', () => {
    const ids = operationIds();
    expect(
      ids.filter((id) => !cells('rest').includes(id)),
      'operations missing from test/parity/matrix.ts',
    ).toEqual([]);
    expect(
      cells('rest').filter((id) => !ids.includes(id)),
      'matrix cells that are not operations',
    ).toEqual([]);
    expect(duplicates(cells('rest'))).toEqual([]);
  });

  it('names every tRPC procedure, once, and only those', () => {
    const paths = procedures();
    expect(paths.length).toBeGreaterThan(30);
    expect(
      paths.filter((p) => !cells('trpc').includes(p)),
      'procedures missing from test/parity/matrix.ts',
    ).toEqual([]);
    expect(
      cells('trpc').filter((p) => !paths.includes(p)),
      'matrix cells that are not procedures',
    ).toEqual([]);
    expect(duplicates(cells('trpc'))).toEqual([]);
  });

  it('names every GraphQL root field, and only fields the schema has', () => {
    const roots = rootFields();
    expect(roots.length).toBeGreaterThan(10);
    expect(
      roots.filter((f) => !cells('graphql').includes(f)),
      'root fields missing from test/parity/matrix.ts',
    ).toEqual([]);
    expect(
      cells('graphql').filter((f) => !graphqlFieldExists(f)),
      'matrix cells that are not GraphQL fields',
    ).toEqual([]);
    expect(duplicates(cells('graphql'))).toEqual([]);
  });

  it('gives a reason wherever a protocol does not serve a use case, and every use case some protocol', () => {
    for (const [name, u] of rows) {
      const served = [u.rest, u.trpc, u.graphql].filter(exposed);
      expect(served.length, `${name} is served nowhere`).toBeGreaterThan(0);
      for (const cell of [u.rest, u.trpc, u.graphql]) {
        if (!exposed(cell)) expect(cell.notExposed.length, `${name}: a reason`).toBeGreaterThan(20);
      }
    }
  });
});

describe('GraphQL mirrors REST field for field', () => {
  it.each(mirroredReads().map(([name, type, body]) => ({ name, type, body })))('$name', ({ type, body }) => {
    expect(shapeDifferences(type, body)).toEqual([]);
  });
});

describe('every tRPC procedure is called by some test', () => {
  /** The test sources with chains joined (`trpc\n  .a.b.query(` reads `trpc.a.b.query(`). */
  const sources = readdirSync(new URL('..', import.meta.url), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !['matrix.ts', 'matrix-coverage.test.ts'].includes(e.name))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8').replace(/\s*\n\s*\./g, '.'))
    .join('\n');
  it.each(procedures())('%s', (procedure) => {
    const escaped = procedure.replace(/\./g, '\\.');
    // Through the typed client, or over raw HTTP as a browser calls it.
    const called = new RegExp(`\\.${escaped}\\.(query|mutate)\\(|['"\`]${escaped}['"\`]|/trpc/${escaped}\\b`);
    expect(called.test(sources)).toBe(true);
  });
});
