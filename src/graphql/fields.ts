import type { ArgBuilder, FieldRef, ObjectFieldBuilder, ObjectRef } from '@pothos/core';
import type { Ctx } from '../core/context.js';
import type { CursorPage } from '../core/cursor.js';
import { AppError } from '../core/errors.js';
import type { Page } from '../core/pagination.js';
import { builder } from './builder.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type KeysOf<Shape, Value> = { [K in keyof Shape]-?: Shape[K] extends Value ? K : never }[keyof Shape] & string;

/** `String` fields under their own names, non-null (the contract's required strings), each with its description. */
export function exposeStrings<Shape>(
  t: ObjectFieldBuilder<Types, Shape>,
  described: Partial<Record<KeysOf<Shape, string>, string>>,
): Record<string, FieldRef<Types, string, 'Object'>> {
  return Object.fromEntries(
    Object.entries(described).map(([name, description]) => [
      name,
      t.string({ description: description as string, resolve: (parent) => parent[name as keyof Shape] as string }),
    ]),
  );
}

/** `String` fields under their own names, nullable (the contract's optional or nullable strings), each with its description. */
export function exposeNullableStrings<Shape>(
  t: ObjectFieldBuilder<Types, Shape>,
  described: Partial<Record<KeysOf<Shape, string | null | undefined>, string>>,
): Record<string, FieldRef<Types, string | null | undefined, 'Object'>> {
  return Object.fromEntries(
    Object.entries(described).map(([name, description]) => [
      name,
      t.string({
        nullable: true,
        description: description as string,
        resolve: (parent) => (parent[name as keyof Shape] ?? null) as string | null,
      }),
    ]),
  );
}

/** The list envelope of every list operation (`Page`), over `item`. */
export function pageOf<T>(name: string, item: ObjectRef<Types, T>) {
  return builder.objectRef<Page<T>>(name).implement({
    description: `One page of ${item.name} items, newest or oldest first as the query says.`,
    fields: (t) => ({
      data: t.field({ type: [item], description: 'The items of this page.', resolve: (p) => p.data }),
      page: t.exposeInt('page', { description: 'This page number (from 1).' }),
      limit: t.exposeInt('limit', { description: 'Most items a page holds (1 to 1000, default 100).' }),
      total: t.exposeInt('total', { description: 'Items matching the query across all pages.' }),
    }),
  });
}

/** The list envelope of a list that also takes a cursor (`CursorPage`): `Page`'s fields and `nextCursor`. */
export function cursorPageOf<T>(name: string, item: ObjectRef<Types, T>) {
  return builder.objectRef<CursorPage<T>>(name).implement({
    description: `One page of ${item.name} items, newest first, with the cursor of the next page.`,
    fields: (t) => ({
      data: t.field({ type: [item], description: 'The items of this page.', resolve: (p) => p.data }),
      page: t.exposeInt('page', { description: 'This page number (from 1; 1 on a page read with after).' }),
      limit: t.exposeInt('limit', { description: 'Most items a page holds (1 to 1000, default 100).' }),
      total: t.exposeInt('total', { description: 'Items matching the query across all pages.' }),
      nextCursor: t.string({
        nullable: true,
        description: 'The cursor of the next page (pass it as after, with the same filters), or null when this page is the last.',
        resolve: (p) => p.nextCursor,
      }),
    }),
  });
}

/** The paging arguments of every list, described once. */
export function pageArgs(t: ArgBuilder<Types>) {
  return {
    page: t.int({ description: 'Page number, from 1 (default 1).' }),
    limit: t.int({ description: 'Items per page, 1 to 1000 (default 100).' }),
  };
}

/** The paging arguments of a list that also takes a cursor. */
export function cursorPageArgs(t: ArgBuilder<Types>) {
  return {
    ...pageArgs(t),
    after: t.string({
      description:
        'Opaque cursor: the nextCursor of the previous page. The page starts after its last item, however many were added since; page must then be 1 or omitted, and the filters the same.',
    }),
  };
}

/** A read by id as GraphQL answers it: null when there is no such object; any other error stays an error. */
export async function nullIfNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

type AccountResourceList<T> = (
  core: Ctx,
  input: { accountId: string; query: { page?: number | null; limit?: number | null } },
) => Promise<Page<T>>;

/** A query field listing an account's resources (wallets, beneficiaries, bank accounts) with the REST list's paging. */
export function accountResourceListField<T>(name: string, item: ObjectRef<Types, T>, description: string, list: AccountResourceList<T>) {
  const type = pageOf(`${item.name}Page`, item);
  builder.queryField(name, (t) =>
    t.field({
      type,
      description,
      args: { accountId: t.arg.id({ required: true, description: 'The account (uuid).' }), ...pageArgs(t.arg) },
      resolve: async (_root, { accountId, ...query }, ctx) => list(await ctx.core(), { accountId: String(accountId), query }),
    }),
  );
}
