import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLField, getNamedType, isObjectType } from 'graphql';

/** The printed schema (`npm run check` keeps it equal to the served one). */
export const graphqlSchema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

/**
 * Every field of a GraphQL type, nested types expanded, so a field added to GraphQL is fetched and
 * compared without anyone listing it. `relations` ("Type.field") are links to other resources,
 * which REST does not embed: left out.
 */
export function selectAll(typeName: string, relations: string[] = []): string {
  const type = graphqlSchema.getType(typeName);
  if (!type || !isObjectType(type)) throw new Error(`no object type ${typeName}`);
  return Object.values(type.getFields() as Record<string, GraphQLField<unknown, unknown>>)
    .filter((f) => !relations.includes(`${typeName}.${f.name}`) && f.args.every((a) => a.type.toString().endsWith('!') === false))
    .map((f) => {
      const named = getNamedType(f.type);
      return isObjectType(named) ? `${f.name} { ${selectAll(named.name, relations)} }` : f.name;
    })
    .join(' ');
}

/**
 * A document as compared across protocols: keys with null values dropped (GraphQL answers null for
 * an optional field REST leaves out), keys sorted. Everything else must be equal.
 */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

/**
 * The two declared differences of a GraphQL transaction: REST embeds the account summary where
 * GraphQL links the account (and names its email `accountEmail`); GraphQL's non-null `addenda`
 * list reads "none" as [] where REST leaves the optional field out.
 */
export function transactionFromGraphql({ accountEmail, ...t }: Record<string, any>) {
  const bank = t.bankTransactionDetails;
  if (bank?.addenda?.length === 0) delete bank.addenda;
  return { ...t, account: { accountId: t.accountId, email: accountEmail } };
}

/** Every field of a GraphQL transaction (its account is a link, compared through accountEmail). */
export const GRAPHQL_TRANSACTION = selectAll('Transaction', ['Transaction.account']);
