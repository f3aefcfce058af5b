import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { endOfFeed, type FeedPosition, positionOf, readFeed } from '../core/events/event-feed.js';
import { assertUuid } from '../core/validation/uuid.js';
import { followCredential } from './stream-credential.js';

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
 * What a stream holds for its client: once this much is written and not yet taken by the socket,
 * the stream stops reading the feed until the socket drains. With the socket's own buffer, it
 * bounds a stream's memory whatever the client reads.
 */
export const STREAM_BUFFER_BYTES = 64 * 1024;
/** After the closing comment, a client that still does not read is disconnected this much later. */
const CLOSE_GRACE_MS = 2000;

export interface StreamOptions {
  /** A client that takes nothing of a full buffer for this long is dropped (docs/api.md). */
  slowReaderMs: number;
  /** The credential is re-checked at least this often (besides on every credential notification). */
  recheckMs: number;
}

export const STREAM_DEFAULTS: StreamOptions = { slowReaderMs: 20_000, recheckMs: 60_000 };

/** Why the server ends a stream, sent as its last line (an SSE comment: EventSource and `fas listen` skip it). */
const CLOSING = {
  slow: `: closed: the client read nothing for too long; reconnect with Last-Event-ID to resume\n\n`,
  revoked: ': closed: the credential was revoked\n\n',
  shutdown: ': closed: the server is shutting down; reconnect with Last-Event-ID to resume\n\n',
} as const;

/**
 * `GET /api/v2/events/stream`: server-sent events, one message per new event of the workspace in
 * feed order; `Last-Event-ID` resumes after that event. Polls the feed (one indexed query per
 * stream per interval) rather than holding a LISTEN connection per client. Each open stream's stop
 * is kept in `open`, so the server's shutdown ends them instead of waiting for their clients.
 * Writes wait for the socket (at most STREAM_BUFFER_BYTES held): a client that reads nothing for
 * `slowReaderMs` is dropped, and a stream ends when its credential is revoked.
 */
export const eventStream = (open: Set<() => void>, options: Partial<StreamOptions> = {}) => {
  const opts = { ...STREAM_DEFAULTS, ...options };
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
    const out = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES / 2 });
    const res = reply.raw;
    let streaming = true;
    let wake: (() => void) | undefined;
    let grace: NodeJS.Timeout | undefined;
    const credential = followCredential(ctx, req.headers.authorization ?? '', opts, () => stop('revoked'));
    const shutdown = () => stop('shutdown');
    /**
     * Ends the stream, with a last line saying why, and lets go of what it held (timers, listeners;
     * its buffer when the socket closes). A client that does not take the end is cut after CLOSE_GRACE_MS.
     */
    const stop = (why?: keyof typeof CLOSING) => {
      if (!streaming) return;
      streaming = false;
      open.delete(shutdown);
      credential.stop();
      const left = (perWorkspace.get(ctx.workspaceId) ?? 1) - 1;
      if (left > 0) perWorkspace.set(ctx.workspaceId, left);
      else perWorkspace.delete(ctx.workspaceId);
      wake?.();
      if (res.destroyed) return;
      out.end(why ? CLOSING[why] : undefined);
      grace = setTimeout(() => res.destroy(), CLOSE_GRACE_MS);
      grace.unref();
    };
    res.once('close', () => {
      clearTimeout(grace);
      stop();
      // What the client never took is dropped with the stream.
      out.destroy();
    });
    open.add(shutdown);
    out.write(': connected\n\n');
    void pump(start).catch((err) => {
      if (streaming) req.log.warn({ err }, 'event stream stopped');
      stop();
    });

    /** Resolves after `ms`, or at once when the stream stops. */
    function pause(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }

    /** Writes `chunk`; when the buffer is full, waits until the client takes some (true) or `slowReaderMs` passes (false). */
    async function send(chunk: string): Promise<boolean> {
      if (out.write(chunk)) return true;
      let drained = false;
      const onDrain = () => {
        drained = true;
        wake?.();
      };
      out.once('drain', onDrain);
      await pause(opts.slowReaderMs);
      out.off('drain', onDrain);
      return drained || !streaming;
    }

    async function pump(from: FeedPosition) {
      let position = from;
      let quietSince = Date.now();
      while (streaming) {
        const { events, position: next } = await readFeed(ctx, position, BATCH);
        position = next;
        for (const e of events) {
          const valid = credential.valid();
          if (!streaming || (valid !== true && !(await valid))) return;
          if (!(await send(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`))) return stop('slow');
        }
        if (events.length) quietSince = Date.now();
        else if (Date.now() - quietSince >= HEARTBEAT_MS) {
          if (!(await send(': heartbeat\n\n'))) return stop('slow');
          quietSince = Date.now();
        }
        if (events.length < BATCH && streaming) await pause(STREAM_POLL_MS);
      }
    }

    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(out);
  };
};
