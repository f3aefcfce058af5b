import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';

/** Mutations are for admins, API keys and the CLI; analysts only read. */
export function requireWriter(ctx: Ctx): void {
  if (ctx.actor.role === 'analyst') {
    throw new AppError('FORBIDDEN', 'analysts have read-only access');
  }
}

/**
 * Credentials are managed by people (an admin token or a dashboard session) and by the operator's
 * CLI, never by an API key: a leaked key must not be able to mint more keys or revoke the others.
 */
export function requireCredentialManager(ctx: Ctx): void {
  if (ctx.actor.kind === 'api_key') {
    throw new AppError('FORBIDDEN', 'API keys cannot manage credentials: use an admin token or a dashboard session');
  }
}

/** What only a workspace admin does in person (not an API key, not an analyst): `what` names it in the refusal. */
export function requireAdminPerson(ctx: Ctx, what: string): void {
  if (ctx.actor.kind === 'api_key' || ctx.actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', `only workspace admins may ${what}`);
  }
}

/** The `audit` facts a created resource records about its creator (`Transaction.audit` in openapi.yaml). */
export function auditOf(ctx: Ctx): { adminId: string | null; admin: string | null; apiKey: boolean } {
  const a = ctx.actor;
  return a.kind === 'admin'
    ? { adminId: a.adminId, admin: a.email, apiKey: false }
    : { adminId: null, admin: null, apiKey: a.kind === 'api_key' };
}

/** Simulations stand in for banks, chains and providers: sandbox workspaces only. */
export function requireSandbox(ctx: Ctx): void {
  if (!ctx.sandbox) throw new AppError('FORBIDDEN', 'simulations are available in sandbox workspaces only');
}

/** Acts reserved to an admin person (or the operator's CLI): API keys and analysts are refused. */
export function requireAdmin(ctx: Ctx): void {
  if (ctx.actor.role !== 'admin') {
    throw new AppError(
      'FORBIDDEN',
      ctx.actor.kind === 'api_key' ? 'only an admin can do this, not an API key' : 'analysts have read-only access',
    );
  }
}
