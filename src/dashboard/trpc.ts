import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../trpc/router.js';

/** Typed from the server's router: no hand-written fetch, no duplicated types. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export const trpcClient = createTRPCClient<AppRouter>({
  // The session cookie rides along (same origin); the header is the server's CSRF check.
  links: [httpLink({ url: '/trpc', headers: () => ({ 'x-fas-csrf': '1' }) })],
});

export interface FieldError {
  field: string;
  message: string;
}

/** The shared error vocabulary (`code`, field `errors`) carried in tRPC errors. */
export function errorInfo(err: unknown): { code: string; message: string; errors: FieldError[] } {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: string; errors?: FieldError[] } | undefined;
    return { code: data?.code ?? 'INTERNAL', message: err.message, errors: data?.errors ?? [] };
  }
  return { code: 'INTERNAL', message: err instanceof Error ? err.message : 'unexpected error', errors: [] };
}
