import type { FastifyInstance } from 'fastify';
import { getEvent } from '../../core/events/get-event.js';
import { listEvents } from '../../core/events/list-events.js';
import { eventStream, type StreamOptions } from '../event-stream.js';

type ById = { Params: { eventId: string } };

export function eventRoutes(app: FastifyInstance, streamOptions?: Partial<StreamOptions>): void {
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...streams]) stop();
  });
  app.get('/api/v2/events', async (req) => listEvents(req.ctx, req.query));
  app.get('/api/v2/events/stream', eventStream(streams, streamOptions));
  app.get<ById>('/api/v2/events/:eventId', async (req) => getEvent(req.ctx, req.params));
}
