// Public entry of the package: the typed REST client and the contract's types.
export { createFasClient, type FasClient, type FasClientOptions } from './client/index.js';
export type { components, operations, paths } from './core/generated/openapi.js';
