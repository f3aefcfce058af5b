import type { SqlRunner } from '../../../db/database.js';
import { Prisma } from '../../../db/generated/prisma/client.js';
import type { FieldCipher } from '../../crypto/field-cipher.js';

import type { DocumentStore } from '../../ports.js';

export type { DocumentStore };

/** Plaintext bytes per stored chunk: bounds memory per upload and per download. */
export const CHUNK_BYTES = 256 * 1024;
const READ_BATCH = 4;

/** Each chunk is sealed on its own, bound to the document, its position and whether it is the last. */
const chunkContext = (documentId: string, seq: number, last: boolean) => `kyc_document:${documentId}:${seq}:${last ? 'last' : 'more'}`;

/**
 * Re-cuts a byte stream into CHUNK_BYTES pieces (the last one shorter), each copied once into a
 * buffer of its own: the pieces it came in may be reused by their producer once handed over.
 */
async function* rechunk(content: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let size = 0;
  for await (const part of content) {
    for (let at = 0; at < part.byteLength; ) {
      const n = Math.min(CHUNK_BYTES - size, part.byteLength - at);
      chunk.set(part.subarray(at, at + n), size);
      size += n;
      at += n;
      if (size === CHUNK_BYTES) {
        yield chunk;
        chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        size = 0;
      }
    }
  }
  if (size) yield chunk.subarray(0, size);
}

/**
 * The chunks as rows of `kyc_document_chunks`, through raw SQL rather than the Prisma client: the
 * client carries bytes as base64 both ways (docs/benchmarks.md, "Measurements behind code
 * decisions"); the drivers bind a Buffer as binary and decode bytea natively.
 */
export function databaseDocumentStore(sql: SqlRunner, cipher: FieldCipher): DocumentStore {
  const insert = (workspaceId: string, documentId: string, seq: number, plain: Buffer, last: boolean) =>
    sql(Prisma.sql`
      INSERT INTO kyc_document_chunks (workspace_id, document_id, seq, data)
      VALUES (${workspaceId}::uuid, ${documentId}::uuid, ${seq}, ${cipher.sealBytes(plain, chunkContext(documentId, seq, last))})`);
  return {
    async write(workspaceId, documentId, content) {
      let seq = 0;
      let held: Buffer | null = null;
      // One chunk is held back so the last one can be sealed as the last (truncation shows on read).
      for await (const chunk of rechunk(content)) {
        if (held) await insert(workspaceId, documentId, seq++, held, false);
        held = chunk;
      }
      if (!held) throw new Error('empty content');
      await insert(workspaceId, documentId, seq, held, true);
    },
    async *read(workspaceId, documentId) {
      for (let from = 0; ; from += READ_BATCH) {
        // One row past the batch tells whether the batch's last row is the document's last.
        const rows = await sql<{ seq: number; data: Uint8Array }>(Prisma.sql`
          SELECT seq, data FROM kyc_document_chunks
          WHERE workspace_id = ${workspaceId}::uuid AND document_id = ${documentId}::uuid AND seq BETWEEN ${from} AND ${from + READ_BATCH}
          ORDER BY seq`);
        if (rows.length === 0) throw new Error(`document ${documentId} content is missing`);
        for (let i = 0; i < Math.min(rows.length, READ_BATCH); i++) {
          const row = rows[i] as (typeof rows)[number];
          if (row.seq !== from + i) throw new Error(`document ${documentId} content has a gap`);
          // The final chunk only opens with the `last` binding, so a lost tail fails authentication.
          const last = i === rows.length - 1;
          yield cipher.openBytes(row.data, chunkContext(documentId, row.seq, last));
          if (last) return;
        }
      }
    },
    async delete(workspaceId, documentIds) {
      if (documentIds.length) {
        await sql(
          Prisma.sql`DELETE FROM kyc_document_chunks WHERE workspace_id = ${workspaceId}::uuid AND document_id = ANY(${documentIds}::uuid[])`,
        );
      }
    },
  };
}
