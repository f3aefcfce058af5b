/**
 * What `fas backup` and `fas restore` refuse, each with its own code in the CLI's error output
 * (docs/operations.md, "Backup and restore"); all exit 1, and a refused restore writes nothing.
 */

/** The file is not a FAS backup, is of a newer format, is truncated or damaged (checksum). */
export class BackupFileError extends Error {}
/** The master key: wrong passphrase, a key that is not the backup's, or none given where one is needed. */
export class BackupKeyError extends Error {}
/** The restore's target directory is not empty, or the backup's file already exists. */
export class BackupTargetError extends Error {}
