import type { PathOf, QueryOf } from '../core/contract.js';
import { getEvent } from '../core/events/get-event.js';
import { listEvents } from '../core/events/list-events.js';
import { router, typed } from './init.js';
import { query } from './use-case.js';

/** Dashboard: the events page and an event's payload. */
export const eventsRouter = router({
  list: query(typed<QueryOf<'listEvents'> | undefined>(), listEvents, {}),
  get: query(typed<PathOf<'getEvent'>>(), getEvent, { eventId: '' }),
});
