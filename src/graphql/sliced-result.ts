import type { Plugin } from 'graphql-yoga';
import { inTurn } from '../core/cpu-turns.js';

/**
 * Large answers serialized in slices, the event loop free between them (issue 37). One
 * `JSON.stringify` of nine aliases of `transactionStats` grouped by day (megabytes) held the HTTP
 * thread for hundreds of ms on a loaded machine: health probes and other tenants waited behind it.
 * The bytes are those `JSON.stringify` writes: arrays longer than SLICE, down to DEPTH levels, are
 * written SLICE items at a time by `JSON.stringify`, each slice in a turn of the shared queue of
 * heavy work (core/cpu-turns.ts); anything else as one value.
 */
const SLICE = 500;
const DEPTH = 4;

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
};

/** A value's JSON text, as `JSON.stringify` writes it (undefined for what it leaves out), yielding between slices. */
export async function stringifyInSlices(value: unknown, depth = DEPTH): Promise<string | undefined> {
  const write = async (v: unknown, level: number): Promise<string | undefined> => {
    if (level <= 0 || v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) {
      if (v.length <= SLICE) return JSON.stringify(v);
      const parts: string[] = [];
      for (let i = 0; i < v.length; i += SLICE) {
        // JSON.stringify of a slice is its items joined by commas, a left-out item written null.
        parts.push(await inTurn(() => (JSON.stringify(v.slice(i, i + SLICE)) as string).slice(1, -1)));
      }
      return `[${parts.join(',')}]`;
    }
    if (!isPlain(v)) return JSON.stringify(v);
    const parts: string[] = [];
    for (const key of Object.keys(v)) {
      const text = await write((v as Record<string, unknown>)[key], level - 1);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  };
  return write(value, depth);
}

/**
 * A single result without errors (the large ones: lists, aggregates) is written by
 * `stringifyInSlices` once executed, and yoga answers that text (its `stringify`: status and headers
 * are yoga's); results with errors and streams are left as they are. Listed last, so that it wraps
 * the compiled execution.
 */
export const slicedResultPlugin: Plugin = {
  onExecute({ executeFn, setExecuteFn }) {
    setExecuteFn(async (args) => {
      const result = (await executeFn(args)) as object;
      if (Symbol.asyncIterator in result) return result;
      const single = result as { errors?: readonly unknown[]; extensions?: { http?: unknown } };
      if (single.errors?.length || single.extensions?.http) return result;
      const body = await stringifyInSlices(result);
      return Object.assign(result, { stringify: () => body });
    });
  },
};
