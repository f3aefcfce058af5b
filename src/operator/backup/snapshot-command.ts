import { statSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/errors.js';
import type { SnapshotReport } from '../../core/ports.js';
import type { OperatorCommand } from '../operator-commands.js';

/** What `fas backup` gets from whoever holds the embedded database: the copy, and whose master key encrypts it. */
export type Snapshot = SnapshotReport & { keyFingerprint: string };

/**
 * `backup snapshot --to DIR`, run by the `fas serve` that holds the embedded database (through its
 * operator socket): brings the copy `fas backup` made beforehand in DIR level with the data
 * directory, between statements (src/db/pglite-worker.ts, `snapshot`).
 */
export function snapshotCommand(snapshot: ((to: string) => Promise<SnapshotReport>) | undefined, keyFingerprint: string): OperatorCommand {
  return async (_deps, _config, o) => {
    if (!snapshot) throw new AppError('VALIDATION_FAILED', 'this server holds no embedded database on disk to back up');
    const to = typeof o.to === 'string' ? o.to : '';
    if (!path.isAbsolute(to) || !statSync(to, { throwIfNoEntry: false })?.isDirectory())
      throw new AppError('VALIDATION_FAILED', '--to must be a directory made by `fas backup`, given as an absolute path');
    const report: Snapshot = { ...(await snapshot(to)), keyFingerprint };
    return { json: report, text: `copied ${report.files} files (${report.bytes} bytes); writers waited ${Math.round(report.pauseMs)} ms` };
  };
}
