import type { Deps } from '../context.js';

export interface LogoImage {
  mediaType: string;
  content: Uint8Array;
  sha256: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * `getWorkspaceLogo`: a current logo by its content hash, for anyone (the verification page shows
 * it without credentials). Only a hash that some workspace's logo has now is found; the bytes are
 * the same whichever workspace holds them.
 */
export async function getWorkspaceLogo(deps: Pick<Deps, 'db'>, sha256: string): Promise<LogoImage | null> {
  if (!SHA256_HEX.test(sha256)) return null;
  const row = await deps.db.workspaceLogo.findFirst({ where: { sha256 }, select: { mediaType: true, content: true, sha256: true } });
  return row ? { mediaType: row.mediaType, content: row.content, sha256: row.sha256 } : null;
}
