import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Logger {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
  /** Registers a value (a secret) that must never appear in a log line. */
  redact(value: string): void;
  /**
   * Registers a short-lived value (a request's Sign) that must never appear in a log
   * line. Only the most recent ones are kept, so the list cannot grow with every request.
   */
  redactTransient(value: string): void;
}

export interface LogOptions {
  /** File to append to; omitted: stderr only. */
  file?: string;
  /** Also write to stderr (default true when no file is given). */
  console?: boolean;
  /** Receives every line after redaction (tests use it). */
  sink?: (line: string) => void;
}

const REDACTED = '[redacted]';
/** A Sign changes every second; the last few minutes' worth is plenty. */
const TRANSIENT_KEPT = 256;

export function createLogger(options: LogOptions = {}): Logger {
  const secrets = new Set<string>();
  const transient: string[] = [];
  const toConsole = options.console ?? options.file === undefined;
  if (options.file) mkdirSync(dirname(options.file), { recursive: true });

  function scrub(text: string): string {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    for (const value of transient) out = out.split(value).join(REDACTED);
    return out;
  }

  function write(level: string, message: string, detail?: unknown): void {
    const suffix = detail === undefined ? '' : ` ${describe(detail)}`;
    const line = scrub(`${new Date().toISOString()} ${level} ${message}${suffix}`);
    options.sink?.(line);
    if (toConsole) process.stderr.write(`${line}\n`);
    if (options.file) {
      try {
        appendFileSync(options.file, `${line}\n`);
      } catch {
        // A full or read-only disk must not take the app down with it.
      }
    }
  }

  return {
    info: (message, detail) => write('INFO', message, detail),
    warn: (message, detail) => write('WARN', message, detail),
    error: (message, detail) => write('ERROR', message, detail),
    redact(value) {
      if (value.length >= 4) secrets.add(value);
    },
    redactTransient(value) {
      if (value.length < 4 || transient.includes(value)) return;
      transient.push(value);
      if (transient.length > TRANSIENT_KEPT) transient.shift();
    },
  };
}

function describe(detail: unknown): string {
  if (detail instanceof Error) return `${detail.name}: ${detail.message}${detail.stack ? `\n${detail.stack}` : ''}`;
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}
