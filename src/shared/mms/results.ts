/**
 * Per-number results of a send, and their CSV form (RFC 4180 with a UTF-8 BOM, and
 * spreadsheet formulas neutralised so a cell can never run as one).
 */
import type { MmsBatchError, MmsBatchStatus, MmsResultRow } from './records';

export interface BatchOutcome {
  batch: number;
  numbers: readonly string[];
  status: MmsBatchStatus;
  /** The platform's accepted messages, when it answered. */
  messages: readonly { msgId: string | null; number: string | null }[];
  error: MmsBatchError | null;
}

function digitsOf(number: string): string {
  return number.startsWith('+') ? number.slice(1) : number;
}

export function buildResultRows(batches: readonly BatchOutcome[]): MmsResultRow[] {
  const rows: MmsResultRow[] = [];
  for (const batch of batches) {
    const msgIds = new Map<string, string | null>();
    for (const message of batch.messages) {
      if (message.number !== null) msgIds.set(digitsOf(message.number.trim()), message.msgId);
    }
    const failure = batch.error ? batch.error.message : '';
    for (const number of batch.numbers) {
      rows.push({ number, batch: batch.batch, ...outcomeOf(batch.status, msgIds, number, failure) });
    }
  }
  return rows;
}

function outcomeOf(
  status: MmsBatchStatus,
  msgIds: Map<string, string | null>,
  number: string,
  failure: string,
): Pick<MmsResultRow, 'outcome' | 'msgId' | 'detail'> {
  switch (status) {
    case 'sent': {
      const key = digitsOf(number);
      return msgIds.has(key)
        ? { outcome: 'accepted', msgId: msgIds.get(key) ?? null, detail: '' }
        : { outcome: 'rejected', msgId: null, detail: 'The platform did not accept this number.' };
    }
    case 'failed':
      return { outcome: 'failed', msgId: null, detail: failure || 'The batch was not sent.' };
    case 'outcome-unknown':
      return { outcome: 'unknown', msgId: null, detail: 'Outcome unknown: check on the platform before resending.' };
    case 'sending':
      return { outcome: 'sending', msgId: null, detail: '' };
    case 'not-sent':
      return { outcome: 'not-sent', msgId: null, detail: 'Not sent.' };
  }
}

export const RESULT_HEADERS = ['Number', 'Batch', 'Result', 'Message id', 'Detail'] as const;

/** Cells a spreadsheet could take as a formula get a leading apostrophe. */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  const safe = neutraliseCell(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Header and rows as text cells, in the order of RESULT_HEADERS. */
export function resultTable(rows: readonly MmsResultRow[], label: (row: MmsResultRow) => string): string[][] {
  return [
    [...RESULT_HEADERS],
    ...rows.map((row) => [row.number, String(row.batch), label(row), row.msgId ?? '', row.detail]),
  ];
}

/** RFC 4180 (CRLF, quoted where needed) with a UTF-8 BOM so spreadsheet apps read the encoding. */
export function toCsv(table: readonly (readonly string[])[]): string {
  return `\uFEFF${table.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}
