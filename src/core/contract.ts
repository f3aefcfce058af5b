// Names for the contract's generated types, so use cases read `Schemas['Account']`.
import type { components, operations } from './generated/openapi.js';

export type Schemas = components['schemas'];
export type Operations = operations;
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
