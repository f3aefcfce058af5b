import type { Client } from 'openapi-fetch';
import { unwrap } from './errors.js';
import type { paths } from './generated/openapi.js';

/** The lists that take a cursor (`after`) and answer `nextCursor`. */
export type CursorListPath = '/api/v2/transactions' | '/api/v2/accounts' | '/api/v2/webhook-deliveries' | '/api/v2/audit-log';

type Get<P extends CursorListPath> = paths[P]['get'];
/** The filters of a list (its query without the paging the iterator does itself). */
export type ListFilters<P extends CursorListPath> = Omit<NonNullable<Get<P>['parameters']['query']>, 'page' | 'after'>;
/** One page of a list as the server answers it. */
export type ListPage<P extends CursorListPath> = Get<P>['responses'][200]['content']['application/json'];
/** One item of a list. */
export type ListItem<P extends CursorListPath> = ListPage<P>['data'][number];

export interface PaginateOptions {
  /** Stops the iteration (and the request under way) when aborted. */
  signal?: AbortSignal;
}

/**
 * Every page of a list, first to last, following `nextCursor`: each page starts right after the
 * previous one's last item, so items added while reading neither repeat nor push others out
 * (numbered pages would). Any failed page (after the client's retries) throws a `FasApiError`.
 */
export async function* paginate<P extends CursorListPath>(
  client: Client<paths>,
  path: P,
  filters?: ListFilters<P>,
  options: PaginateOptions = {},
): AsyncGenerator<ListPage<P>, void, undefined> {
  // openapi-fetch types each path's call separately; the four lists share the paging shape.
  const get = client.GET as unknown as (
    path: string,
    init: { params: { query: Record<string, unknown> }; signal?: AbortSignal },
  ) => Promise<{ data?: ListPage<P>; error?: unknown; response: Response }>;
  let after: string | undefined;
  do {
    const query = { ...(filters as Record<string, unknown> | undefined), ...(after === undefined ? {} : { after }) };
    const page = unwrap(await get(path, { params: { query }, signal: options.signal }));
    yield page;
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
}

/**
 * Every item of a list, newest first, over as many pages as it takes (`paginate`):
 * `for await (const tx of listAll(fas, '/api/v2/transactions', { status: 'pending', limit: 500 })) ...`.
 */
export async function* listAll<P extends CursorListPath>(
  client: Client<paths>,
  path: P,
  filters?: ListFilters<P>,
  options: PaginateOptions = {},
): AsyncGenerator<ListItem<P>, void, undefined> {
  for await (const page of paginate(client, path, filters, options)) yield* page.data as ListItem<P>[];
}
