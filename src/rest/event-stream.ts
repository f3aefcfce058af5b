import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { endOfFeed, type FeedPosition, positionOf, readFeed } from '../core/events/event-feed.js';
import { assertUuid } from '../core/validation/uuid.js';

/** How often an open stream looks for new events (a commit reaches the client within about this). */
export const STREAM_POLL_MS = 250;
/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
const BATCH = 100;
/**
 * Open streams per workspace in this process: each polls the database every STREAM_POLL_MS, so a
 * client opening streams without end would load the database for every tenant.
 */
export const MAX_STREAMS_PER_WORKSPACE = 5;

/**
 * `GET /api/v2/events/stream`: server-sent events, one message per new event of the workspace in
 * feed order; `Last-Event-ID` resumes after that event. Polls the feed (one indexed query per
 * stream per interval) rather than holding a LISTEN connection per client. Each open stream's stop
 * is kept in `open`, so the server's shutdown ends them instead of waiting for their clients.
 */
export const eventStream = (open: Set<() => void>) => {
  const perWorkspace = new Map<string, number>();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = req.ctx;
    const last = req.headers['last-event-id'];
    const start = last === undefined ? await endOfFeed(ctx) : await positionOf(ctx, assertUuid('Last-Event-ID', last));
    const count = perWorkspace.get(ctx.workspaceId) ?? 0;
    if (count >= MAX_STREAMS_PER_WORKSPACE) {
      throw new AppError('LIMIT_REACHED', `at most ${MAX_STREAMS_PER_WORKSPACE} event streams may be open per workspace; close one first`);
    }
    perWorkspace.set(ctx.workspaceId, count + 1);
    const out = new PassThrough();
    let streaming = true;
    const stop = () => {
      if (!streaming) return;
      streaming = false;
      open.delete(stop);
      const left = (perWorkspace.get(ctx.workspaceId) ?? 1) - 1;
      if (left > 0) perWorkspace.set(ctx.workspaceId, left);
      else perWorkspace.delete(ctx.workspaceId);
      out.end();
    };
    open.add(stop);
    reply.raw.once('close', stop);
    out.write(': connected\n\n');
    void pump(start).catch((err) => {
      if (streaming) req.log.warn({ err }, 'event stream stopped');
      stop();
    });
    async function pump(from: FeedPosition) {
      let position = from;
      let quietSince = Date.now();
      while (streaming) {
        const { events, position: next } = await readFeed(ctx, position, BATCH);
        position = next;
        for (const e of events) out.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
        if (events.length) quietSince = Date.now();
        else if (Date.now() - quietSince >= HEARTBEAT_MS) {
          out.write(': heartbeat\n\n');
          quietSince = Date.now();
        }
        if (events.length < BATCH) await new Promise((r) => setTimeout(r, STREAM_POLL_MS));
      }
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(out);
  };
};
