import {
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { ErrorCode } from '../core/errors.js';
import { CONTRACT_INTEGER_PARAMETERS } from '../core/generated/contract-facts.js';

// The product schema's types come from graphql's CommonJS build (see yoga.ts) and a test's from its
// ESM build: graphql's own predicates (instanceof) refuse one of the two, so types are told apart
// by their Symbol.toStringTag, which both builds set.
type AnyType = { [Symbol.toStringTag]?: string; ofType?: unknown };
const tagOf = (t: unknown): string | undefined => (t as AnyType | null | undefined)?.[Symbol.toStringTag];
const isListType = (t: unknown): boolean => tagOf(t) === 'GraphQLList';
const isObjectType = (t: unknown): t is GraphQLObjectType => tagOf(t) === 'GraphQLObjectType';
const isInterfaceType = (t: unknown): t is GraphQLInterfaceType => tagOf(t) === 'GraphQLInterfaceType';
const getNullableType = <T>(t: T): T => (tagOf(t) === 'GraphQLNonNull' ? ((t as AnyType).ofType as T) : t);
function getNamedType(t: unknown): GraphQLNamedType {
  let named = t;
  while (tagOf(named) === 'GraphQLList' || tagOf(named) === 'GraphQLNonNull') named = (named as AnyType).ofType;
  return named as GraphQLNamedType;
}

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  /** Fields selected under an alias, in the whole document. */
  maxAliases: number;
  /** Fields selected at the top of one operation (through fragments too). */
  maxRootFields: number;
}

/**
 * Aggregates scan rows rather than read a page: each costs as much as reading this many rows,
 * whatever it selects, so a handful fill the budget (every alias is counted on its own).
 */
export const AGGREGATE_COST = 10_000;
/**
 * What marks a field as an aggregate, in its schema definition (`extensions: AGGREGATE` beside its
 * resolver): the cost is read from the schema, so a new aggregate is priced by being declared one.
 */
export const AGGREGATE = { aggregate: true } as const;
const isAggregate = (field: GraphQLField<unknown, unknown> | undefined) => field?.extensions?.aggregate === true;
/** Selections visited while measuring one operation (fragments expanded) before giving up. */
const MAX_VISITS = 50_000;
const tooMuchWork = new Error('too much work');

function tooComplex(message: string, node?: ASTNode): GraphQLError {
  return new GraphQLError(message, { ...(node ? { nodes: [node] } : {}), extensions: { code: 'QUERY_TOO_COMPLEX' satisfies ErrorCode } });
}

/** The contract's page size (its `Limit` parameter): what a list answers by default, and at most. */
const { default: DEFAULT_LIMIT, maximum: MAX_LIMIT } = CONTRACT_INTEGER_PARAMETERS.Limit;

function pageSize(field: FieldNode): number {
  const arg = field.arguments?.find((a) => a.name.value === 'limit');
  if (!arg) return DEFAULT_LIMIT;
  if (arg.value.kind === Kind.INT) return Math.min(Math.max(Number(arg.value.value), 1), MAX_LIMIT);
  return MAX_LIMIT; // a variable: assume the worst the endpoint allows
}

/** A page type: a `data` list beside its `limit`. */
function isPage(type: GraphQLNamedType): boolean {
  if (!isObjectType(type)) return false;
  const fields = type.getFields();
  return fields.limit !== undefined && fields.data !== undefined && isListType(getNullableType(fields.data.type));
}

/**
 * Whether a field's selections are resolved once per item of a page, read from the schema: it takes
 * a `limit` argument or answers a page type. No list of names to forget a new field in.
 */
export function isPaginated(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => a.name === 'limit') || isPage(getNamedType(field.type));
}

export interface Measured {
  depth: number;
  cost: number;
  rootFields: number;
}

/**
 * Depth, cost (one per field per item it may be resolved for, AGGREGATE_COST per aggregate) and
 * top-level field count of a selection set on `type`, fragments expanded. Throws `tooMuchWork` past
 * MAX_VISITS selections.
 */
export function measureSelection(
  schema: GraphQLSchema,
  type: GraphQLNamedType | undefined,
  set: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Measured {
  let visits = 0;
  let rootFields = 0;
  const measure = (
    set: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    multiplier: number,
    depth: number,
    seen: Set<string>,
  ): { depth: number; cost: number } => {
    let deepest = depth;
    let cost = 0;
    const fields = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields() : undefined;
    for (const sel of set.selections) {
      // Fragments spread repeatedly expand exponentially: the measuring itself is bounded.
      if (++visits > MAX_VISITS) throw tooMuchWork;
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        if (depth === 1) rootFields++;
        const field = fields?.[sel.name.value];
        cost += multiplier * (isAggregate(field) ? AGGREGATE_COST : 1);
        if (sel.selectionSet) {
          // A field the schema does not know fails validation anyway; measured as a page meanwhile.
          const paged = field ? isPaginated(field) : true;
          const inner = measure(
            sel.selectionSet,
            field ? getNamedType(field.type) : undefined,
            paged ? multiplier * pageSize(sel) : multiplier,
            depth + 1,
            seen,
          );
          deepest = Math.max(deepest, inner.depth);
          cost += inner.cost;
        }
      } else {
        const target = sel.kind === Kind.INLINE_FRAGMENT ? sel : fragments.get(sel.name.value);
        if (!target || (sel.kind === Kind.FRAGMENT_SPREAD && seen.has(sel.name.value))) continue;
        const next = sel.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, sel.name.value]) : seen;
        const condition = target.typeCondition ? schema.getType(target.typeCondition.name.value) : parent;
        const inner = measure(target.selectionSet, condition ?? parent, multiplier, depth, next);
        deepest = Math.max(deepest, inner.depth);
        cost += inner.cost;
      }
    }
    return { depth: deepest, cost };
  };
  const { depth, cost } = measure(set, type, 1, 1, new Set());
  return { depth, cost, rootFields };
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  return fragments;
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLNamedType | undefined {
  return (operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType()) ?? undefined;
}

/** The cost of the operation a request executes (the rate limiter charges by it), or undefined past MAX_VISITS. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): number | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return undefined;
  try {
    return measureSelection(schema, rootType(schema, operation), operation.selectionSet, fragmentsOf(document)).cost;
  } catch (err) {
    if (err !== tooMuchWork) throw err;
    return undefined;
  }
}

/**
 * Rejects operations nested deeper than `maxDepth` or costing more than `maxCost` (one per field
 * per item it may be resolved for) before anything executes. Introspection is not counted.
 */
export function queryLimitsRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext) => {
    const schema = context.getSchema();
    const fragments = fragmentsOf(context.getDocument());
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias) aliases++;
      },
      Document: {
        leave() {
          if (aliases > limits.maxAliases) {
            context.reportError(tooComplex(`${aliases} aliased fields exceed the limit of ${limits.maxAliases}`));
          }
        },
      },
      OperationDefinition(node) {
        let measured: Measured;
        try {
          measured = measureSelection(schema, rootType(schema, node), node.selectionSet, fragments);
        } catch (err) {
          if (err !== tooMuchWork) throw err;
          context.reportError(tooComplex(`the operation expands to more than ${MAX_VISITS} selections`, node));
          return;
        }
        const { depth, cost, rootFields } = measured;
        if (rootFields > limits.maxRootFields) {
          context.reportError(tooComplex(`${rootFields} top-level fields exceed the limit of ${limits.maxRootFields}`, node));
        } else if (depth > limits.maxDepth) {
          context.reportError(tooComplex(`query depth ${depth} exceeds the limit of ${limits.maxDepth}`, node));
        } else if (cost > limits.maxCost) {
          context.reportError(
            tooComplex(
              `query cost ${cost} exceeds the limit of ${limits.maxCost} (fields x page sizes, ${AGGREGATE_COST} per aggregate)`,
              node,
            ),
          );
        }
      },
    };
  };
}
