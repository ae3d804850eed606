/** A query the archive will not run as asked: `field` is what to change (`window`), the message says how. */
export class ArchiveQueryRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
