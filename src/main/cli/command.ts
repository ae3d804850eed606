export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export interface CliCommand {
  /** One line for the command list, in the current language. */
  summary(): string;
  /** Full usage text in the current language, printed on bad usage (exit 2) and for --help. */
  usage(): string;
  /** Resolves to the exit code: 0 success, 1 platform or network error, 2 bad usage. */
  run(args: string[], io: CliIo): Promise<number>;
  /**
   * True when the command turns a stream of fetched rows into a file: it makes garbage
   * fast, and the process entry then keeps the JavaScript heap small (see cli.ts).
   */
  writesFileFromStream?: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}
