import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CsvExport } from '../core/export/csv-export.js';
import { currentRequestScope, withRequestScope } from '../core/request-scope.js';

/** Bytes the stream buffers ahead of the socket before it stops asking for the next batch. */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * Sends an export as a streamed download (openapi.yaml `exportTransactions`, `exportAuditLog`). The stream pulls
 * the next batch only when the socket has taken the previous one (`pipe` honours back-pressure).
 * The first piece (header and first batch) is read before anything is sent, so its failure is an
 * ordinary problem answer; each later batch runs in the request's context, so a client that leaves
 * stops the database work as for any request (src/db/request-signal.ts). A batch that fails after
 * the first byte makes Fastify destroy the response: the chunked body never ends and the client
 * sees the transfer fail.
 */
export async function sendCsv(reply: FastifyReply, file: CsvExport): Promise<FastifyReply> {
  const scope = currentRequestScope();
  const source = file.chunks[Symbol.asyncIterator]();
  let first: IteratorResult<string> | undefined = await source.next();
  const inRequest: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const taken = first;
        first = undefined;
        if (taken) return Promise.resolve(taken);
        return scope ? withRequestScope(scope, () => source.next()) : source.next();
      },
      return: async (value?: unknown) => (await source.return?.(value)) ?? { done: true, value: undefined },
    }),
  };
  return reply
    .type(file.contentType ?? 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(inRequest, { objectMode: false, highWaterMark: HIGH_WATER_BYTES }));
}
