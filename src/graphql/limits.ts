import {
  type ASTNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { ErrorCode } from '../core/errors.js';

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
const AGGREGATES = new Set(['transactionStats', 'webhookDeliveryStats', 'kycStatusCounts']);
/** Selections visited while measuring one operation (fragments expanded) before giving up. */
const MAX_VISITS = 50_000;
const tooMuchWork = new Error('too much work');

function tooComplex(message: string, node?: ASTNode): GraphQLError {
  return new GraphQLError(message, { ...(node ? { nodes: [node] } : {}), extensions: { code: 'QUERY_TOO_COMPLEX' satisfies ErrorCode } });
}

/** Paginated fields multiply the cost of what they select by their page size. */
const PAGINATED = new Set(['accounts', 'transactions']);
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

function pageSize(field: FieldNode): number {
  const arg = field.arguments?.find((a) => a.name.value === 'limit');
  if (!arg) return DEFAULT_LIMIT;
  if (arg.value.kind === Kind.INT) return Math.min(Math.max(Number(arg.value.value), 1), MAX_LIMIT);
  return MAX_LIMIT; // a variable: assume the worst the endpoint allows
}

/**
 * Rejects operations nested deeper than `maxDepth` or costing more than `maxCost` (one per field
 * per item it may be resolved for) before anything executes. Introspection is not counted.
 */
export function queryLimitsRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const measure = (set: SelectionSetNode, multiplier: number, depth: number, seen: Set<string>): { depth: number; cost: number } => {
      let deepest = depth;
      let cost = 0;
      for (const sel of set.selections) {
        // Fragments spread repeatedly expand exponentially: the measuring itself is bounded.
        if (++visits > MAX_VISITS) throw tooMuchWork;
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          if (depth === 1) rootFields++;
          cost += multiplier * (AGGREGATES.has(sel.name.value) ? AGGREGATE_COST : 1);
          if (sel.selectionSet) {
            const inner = measure(
              sel.selectionSet,
              PAGINATED.has(sel.name.value) ? multiplier * pageSize(sel) : multiplier,
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
          const inner = measure(target.selectionSet, multiplier, depth, next);
          deepest = Math.max(deepest, inner.depth);
          cost += inner.cost;
        }
      }
      return { depth: deepest, cost };
    };
    let aliases = 0;
    let rootFields = 0;
    let visits = 0;
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
        rootFields = 0;
        visits = 0;
        let measured: { depth: number; cost: number };
        try {
          measured = measure(node.selectionSet, 1, 1, new Set());
        } catch (err) {
          if (err !== tooMuchWork) throw err;
          context.reportError(tooComplex(`the operation expands to more than ${MAX_VISITS} selections`, node));
          return;
        }
        const { depth, cost } = measured;
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
