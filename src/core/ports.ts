import { randomUUID } from 'node:crypto';

/** Side effects the core reaches through small ports, so tests can drive them. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  uuid(): string;
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdGenerator = { uuid: () => randomUUID() };
