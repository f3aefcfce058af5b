/** Messages between `RemotePGlite` (the HTTP thread) and `pglite-worker` (the database's thread). */

export interface PgliteWorkerData {
  /** Data directory (`<FAS_DATA_DIR>/pgdata`), or undefined for in-memory. */
  dataDir: string | undefined;
  startParams: string[];
  /** In-memory start: a data-directory image (uncompressed tar). */
  image?: Blob;
  /** SharedArrayBuffer of one Float64: when the running statement began (epoch ms), 0 when none. */
  busy: SharedArrayBuffer;
}

export type ToWorker =
  | {
      op: 'query';
      id: number;
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Parse with the Prisma adapter's parsers (the worker holds them: functions do not cross threads). */
      prismaParsers?: boolean;
      /** `/dev/blob` for a COPY FROM. */
      blob?: Uint8Array;
    }
  | { op: 'exec'; id: number; tx?: number; sql: string }
  | { op: 'begin'; id: number }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'dump' | 'close'; id: number }
  /** Copy the data directory into `to` between statements (`fas backup`); answers a SnapshotReport. */
  | { op: 'snapshot'; id: number; to: string };

export interface WireError {
  message: string;
  /** A PostgreSQL error (has severity and code): rebuilt as PGlite's DatabaseError. */
  database: boolean;
  fields: Record<string, string>;
}

export type FromWorker =
  | { id: number; ok: true; result: unknown; ended?: true }
  | { id: number; ok: false; error: WireError; ended?: true }
  | { notify: string }
  | { ready: true }
  | { fatal: WireError };
