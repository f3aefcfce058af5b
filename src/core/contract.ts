// Names for the contract's generated types, so use cases read `Schemas['Account']`.
import type { CONTRACT_OPERATIONS } from './generated/contract-facts.js';
import type { components, operations } from './generated/openapi.js';

export { CONTRACT_ENUMS, CONTRACT_OPERATIONS, WEBHOOK_EVENT_TYPES, WEBHOOK_EXAMPLES } from './generated/contract-facts.js';

export type Schemas = components['schemas'];
export type Operations = operations;
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
/** The path parameters of an operation (`{ accountId: string }`...). */
export type PathOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['path']>;

/** Operations that take query parameters. */
export type QueryOperation = {
  [Op in keyof operations]: [QueryOf<Op>] extends [never] ? never : Op;
}[keyof operations];

type Defaulted<Op> = Op extends keyof typeof CONTRACT_OPERATIONS ? (typeof CONTRACT_OPERATIONS)[Op]['queryDefaults'][number] : never;

/** A query once validated: the parameters with a default in the contract are always present. */
export type ValidatedQuery<Op extends QueryOperation> = QueryOf<Op> & Required<Pick<QueryOf<Op>, Defaulted<Op> & keyof QueryOf<Op>>>;
