/** A backup or restore that cannot go on, for a reason the operator can act on; the commands print its message alone. */
export class BackupError extends Error {}
