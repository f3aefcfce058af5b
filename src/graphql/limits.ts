import {
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
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
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          cost += multiplier;
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
    return {
      OperationDefinition(node) {
        const { depth, cost } = measure(node.selectionSet, 1, 1, new Set());
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`query depth ${depth} exceeds the limit of ${limits.maxDepth}`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        } else if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`query cost ${cost} exceeds the limit of ${limits.maxCost} (fields x page sizes)`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
