/**
 * The request a database call runs for (src/db/request-signal.ts): an adapter runs a request's
 * work inside its scope, and when the client goes away the scope's signal cancels the statement in
 * progress (PostgreSQL) and starts no further one for it. The core's port to it, so adapters never
 * import src/db.
 */
export { currentRequestScope, type RequestScope, withRequestScope } from '../db/request-signal.js';
