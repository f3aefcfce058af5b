import type { Ctx } from '../core/context.js';
import { authedProcedure } from './init.js';

type UseCase<In, Out> = (core: Ctx, input: In) => Promise<Out>;

// Most procedures are one use case: the input, typed for clients by `parse` (the core validates it from the
// contract), goes to the core as sent; `absent` stands in when a client sends no input at all.

export function query<In, Out>(parse: (raw: unknown) => In, useCase: UseCase<NoInfer<NonNullable<In>>, Out>, absent?: NonNullable<In>) {
  return authedProcedure.input(parse).query(({ ctx, input }) => useCase(ctx.core, (input ?? absent) as NonNullable<In>));
}

export function mutation<In, Out>(parse: (raw: unknown) => In, useCase: UseCase<NoInfer<NonNullable<In>>, Out>, absent?: NonNullable<In>) {
  return authedProcedure.input(parse).mutation(({ ctx, input }) => useCase(ctx.core, (input ?? absent) as NonNullable<In>));
}

/**
 * A use case taking `{ [key], body }` (REST's path parameter and body) as one taking the flat input tRPC
 * clients send: the key beside the body's fields.
 */
export function withBody<K extends string, Out>(key: K, useCase: UseCase<Record<K, string> & { body: unknown }, Out>) {
  return (core: Ctx, input: Record<K, string> | undefined): Promise<Out> => {
    const { [key]: id, ...body } = input ?? ({ [key]: '' } as Record<K, string>);
    return useCase(core, { [key]: id, body } as Record<K, string> & { body: unknown });
  };
}
