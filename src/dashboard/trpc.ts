import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../trpc/router.js';
import { retryingFetch } from './retry-fetch.js';

export { errorInfo, type FieldError } from './errors.js';

/** Typed from the server's router: no hand-written fetch, no duplicated types. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** What each procedure answers and takes, inferred from the router (never re-declared here). */
export type Outputs = inferRouterOutputs<AppRouter>;
export type Inputs = inferRouterInputs<AppRouter>;

/** Calls per HTTP request: their names, comma-separated, are one path parameter the server caps at 200 characters. */
export const BATCH_ITEMS = 6;

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    // The queries a render starts together go in one HTTP request (BATCH_ITEMS at most).
    // The session cookie rides along (same origin); the header is the server's CSRF check.
    httpBatchLink({
      url: '/trpc',
      maxItems: BATCH_ITEMS,
      maxURLLength: 4000,
      fetch: retryingFetch(),
      headers: () => ({ 'x-fas-csrf': '1' }),
    }),
  ],
});
