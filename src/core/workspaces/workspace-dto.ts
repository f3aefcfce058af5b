import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';
import type { Schemas } from '../contract.js';

export type WorkspaceDto = Schemas['Workspace'];

export const workspaceSelect = {
  id: true,
  name: true,
  displayName: true,
  supportEmail: true,
  supportUrl: true,
  sandbox: true,
  createdAt: true,
  documentRetentionDays: true,
  logo: { select: { mediaType: true, size: true, sha256: true, updatedAt: true } },
} satisfies Prisma.WorkspaceSelect;

type WorkspaceRow = Prisma.WorkspaceGetPayload<{ select: typeof workspaceSelect }>;

/** Where a logo is served: its content hash under this server's public URL. */
export function logoUrl(deps: Pick<Deps, 'publicUrl'>, sha256: string): string {
  return `${deps.publicUrl.replace(/\/+$/, '')}/workspace-logos/${sha256}`;
}

/** The one mapping from a stored workspace to the contract's `Workspace`. */
export function toWorkspaceDto(deps: Pick<Deps, 'publicUrl'>, r: WorkspaceRow): WorkspaceDto {
  return {
    workspaceId: r.id,
    name: r.name,
    displayName: r.displayName,
    supportEmail: r.supportEmail,
    supportUrl: r.supportUrl,
    sandbox: r.sandbox,
    documentRetentionDays: r.documentRetentionDays,
    createdAt: r.createdAt.toISOString(),
    logo: r.logo
      ? {
          mediaType: r.logo.mediaType as NonNullable<Schemas['WorkspaceLogo']>['mediaType'],
          size: r.logo.size,
          sha256: r.logo.sha256,
          updatedAt: r.logo.updatedAt.toISOString(),
          url: logoUrl(deps, r.logo.sha256),
        }
      : null,
  };
}

/** The caller's workspace (it exists: the credential was just checked against it). */
export async function readWorkspace(db: Pick<Prisma.TransactionClient, 'workspace'>, deps: Pick<Deps, 'publicUrl'>, workspaceId: string) {
  const row = await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: workspaceSelect });
  return toWorkspaceDto(deps, row);
}
