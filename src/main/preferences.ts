import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomically } from './atomic-file';
import { isRecord } from '../shared/parse';

const MAX_BYTES = 1024 * 1024;

/**
 * Small per-screen preferences (filters, page sizes, columns) in userData, so each
 * screen comes back as the user left it. Written atomically; a corrupt file starts over.
 */
export class Preferences {
  private cache: Record<string, unknown> | null = null;
  /** The file as it was when read: another process (or a reset) that rewrites it is seen. */
  private readStamp = '';

  constructor(private readonly file: string) {}

  all(): Record<string, unknown> {
    const stamp = this.stamp();
    if (this.cache && stamp === this.readStamp) return this.cache;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      this.cache = isRecord(parsed) ? parsed : {};
    } catch {
      this.cache = {};
    }
    this.readStamp = stamp;
    return this.cache;
  }

  private stamp(): string {
    try {
      const { mtimeMs, size } = statSync(this.file);
      return `${mtimeMs}:${size}`;
    } catch {
      return 'none';
    }
  }

  /** Returns false when the value is too large to keep. */
  set(key: string, value: unknown): boolean {
    const next = { ...this.all(), [key]: value };
    const text = JSON.stringify(next);
    if (text.length > MAX_BYTES) return false;
    writeFileAtomically(this.file, text);
    this.cache = next;
    this.readStamp = this.stamp();
    return true;
  }
}
