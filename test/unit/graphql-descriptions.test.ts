import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';

// Analysts read the schema in GraphiQL: every type, field, input field and argument says what it
// is. Checked on the printed schema.graphql, which check:generated keeps equal to the code's.
const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));
const BUILT_IN = ['String', 'Int', 'Float', 'Boolean', 'ID'];

describe('the GraphQL schema documents itself', () => {
  const own = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !BUILT_IN.includes(t.name));

  it('every type has a description', () => {
    expect(own.filter((t) => !t.description?.trim()).map((t) => t.name)).toEqual([]);
  });

  it('every field, input field and argument has a description', () => {
    const missing: string[] = [];
    for (const type of own) {
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const f of Object.values(type.getFields())) {
          if (!f.description?.trim()) missing.push(`${type.name}.${f.name}`);
          for (const a of f.args) if (!a.description?.trim()) missing.push(`${type.name}.${f.name}(${a.name})`);
        }
      }
      if (isInputObjectType(type)) {
        for (const f of Object.values(type.getFields())) if (!f.description?.trim()) missing.push(`${type.name}.${f.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the stats groups say what COIN means for a trade's figures", () => {
    const group = schema.getType('TransactionStatsGroup');
    expect(isEnumType(group) && group.getValue('COIN')?.description).toMatch(/quote currency/);
  });
});
