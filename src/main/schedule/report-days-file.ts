/**
 * The last day each profile's daily report was written, kept in a small file in the user
 * data folder so a day missed while the app was closed is written at the next start, once.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { dayOfKey } from '../../shared/calendar';
import { isRecord } from '../../shared/parse';

export class ReportDaysFile {
  constructor(private readonly file: string) {}

  get(profileId: string): string | null {
    const day = this.read()[profileId];
    return day ?? null;
  }

  set(profileId: string, dayKey: string): void {
    writeFileAtomically(this.file, `${JSON.stringify({ ...this.read(), [profileId]: dayKey }, null, 2)}\n`);
  }

  private read(): Record<string, string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      // Missing or damaged: no day written yet, so the latest due day is written (once) and the file rewritten.
      return {};
    }
    if (!isRecord(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && dayOfKey(entry[1]) !== null));
  }
}
