import type { Db } from '../../../db/database.js';
import type { FieldCipher } from '../../crypto/field-cipher.js';

/**
 * Where document contents live, keyed by workspace and document id. The default keeps them in the database
 * (shared by every process on one PostgreSQL, included in its backups); an object store can
 * implement the same three calls. Implementations encrypt; callers hand over plaintext chunks.
 */
export interface DocumentStore {
  /** Stores the content as it streams in; a failure of `content` aborts and stores nothing usable. */
  write(workspaceId: string, documentId: string, content: AsyncIterable<Uint8Array>): Promise<void>;
  read(workspaceId: string, documentId: string): AsyncIterable<Buffer>;
  delete(workspaceId: string, documentIds: string[]): Promise<void>;
}

/** Plaintext bytes per stored chunk: bounds memory per upload and per download. */
export const CHUNK_BYTES = 256 * 1024;
const READ_BATCH = 4;

/** Each chunk is sealed on its own, bound to the document, its position and whether it is the last. */
const chunkContext = (documentId: string, seq: number, last: boolean) => `kyc_document:${documentId}:${seq}:${last ? 'last' : 'more'}`;

/** Re-cuts a byte stream into CHUNK_BYTES pieces (the last one shorter). */
async function* rechunk(content: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const part of content) {
    let buf = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (size + buf.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - size;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      size = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      pending.push(Buffer.from(buf));
      size += buf.length;
    }
  }
  if (size) yield Buffer.concat(pending);
}

export function databaseDocumentStore(db: Db, cipher: FieldCipher): DocumentStore {
  return {
    async write(workspaceId, documentId, content) {
      let seq = 0;
      let held: Buffer | null = null;
      // One chunk is held back so the last one can be sealed as the last (truncation shows on read).
      for await (const chunk of rechunk(content)) {
        if (held) {
          await db.kycDocumentChunk.create({
            data: { workspaceId, documentId, seq, data: new Uint8Array(cipher.sealBytes(held, chunkContext(documentId, seq, false))) },
            select: { seq: true },
          });
          seq++;
        }
        held = chunk;
      }
      if (!held) throw new Error('empty content');
      await db.kycDocumentChunk.create({
        data: { workspaceId, documentId, seq, data: new Uint8Array(cipher.sealBytes(held, chunkContext(documentId, seq, true))) },
        select: { seq: true },
      });
    },
    async *read(workspaceId, documentId) {
      for (let from = 0; ; from += READ_BATCH) {
        // One row past the batch tells whether the batch's last row is the document's last.
        const rows = await db.kycDocumentChunk.findMany({
          where: { workspaceId, documentId, seq: { gte: from, lte: from + READ_BATCH } },
          orderBy: { seq: 'asc' },
          select: { seq: true, data: true },
        });
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
      if (documentIds.length) await db.kycDocumentChunk.deleteMany({ where: { workspaceId, documentId: { in: documentIds } } });
    },
  };
}
