import type { Prisma } from '../../db/generated/prisma/client.js';
import { ADMIN_TOKEN_PREFIX, API_KEY_PREFIX, displayPrefix, hashSecret, newSecret } from '../auth/secrets.js';
import type { IdGenerator } from '../ports.js';
import type { TeamRole } from './team-role.js';

type Tx = Prisma.TransactionClient;

/** Creates an API key row and returns the secret, which exists only in this return value. */
export async function insertApiKey(tx: Tx, ids: IdGenerator, workspaceId: string, name: string | null) {
  const secret = newSecret(API_KEY_PREFIX);
  const row = await tx.apiKey.create({
    data: { id: ids.uuid(), workspaceId, name, prefix: displayPrefix(secret), keyHash: hashSecret(secret) },
    select: { id: true, prefix: true, createdAt: true },
  });
  return { apiKeyId: row.id, prefix: row.prefix, key: secret, createdAt: row.createdAt.toISOString() };
}

/** Creates an admin with one token; the token secret exists only in this return value. */
export async function insertAdmin(tx: Tx, ids: IdGenerator, workspaceId: string, email: string, role: TeamRole) {
  const secret = newSecret(ADMIN_TOKEN_PREFIX);
  const admin = await tx.admin.create({
    data: { id: ids.uuid(), workspaceId, email, role },
    select: { id: true, email: true, role: true },
  });
  await tx.adminToken.create({
    data: { id: ids.uuid(), adminId: admin.id, prefix: displayPrefix(secret), tokenHash: hashSecret(secret) },
  });
  return { adminId: admin.id, email: admin.email, role: admin.role, token: secret };
}
