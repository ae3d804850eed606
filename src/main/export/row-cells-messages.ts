/** What passes between an export and its row-cells workers, read back field by field on each side. */
import { isListOperation, type ListOperation } from '../../shared/operations';
import { isRecord } from '../../shared/parse';
import type { RawRecords } from '../archive/record-columns';
import type { EncodedRows } from './row-cells';

/** What a worker needs to make the export's cells: the list, its columns in order, the zone and the language. */
export interface RowCellsSpec {
  operation: ListOperation;
  /** Column keys in the file's order. */
  columns: string[];
  /** An IANA name or an offset, as the export's. */
  timeZone: string;
  locale: string;
}

/** A chunk's values in this thread's own memory (the engine's may be reused): its texts as strings, its numbers copied. */
export interface DetachedRaw {
  texts: string[];
  numbers: Float64Array<ArrayBuffer>[];
}

export interface RowsToEncode {
  id: number;
  raw: DetachedRaw;
}

export function readRowCellsSpec(value: unknown): RowCellsSpec | null {
  if (!isRecord(value)) return null;
  const { operation, columns, timeZone, locale } = value;
  if (typeof operation !== 'string' || !isListOperation(operation)) return null;
  if (!Array.isArray(columns) || !columns.every((key): key is string => typeof key === 'string')) return null;
  if (typeof timeZone !== 'string' || typeof locale !== 'string') return null;
  return { operation, columns, timeZone, locale };
}

/** A chunk's values copied out of the engine's memory, to send to a worker and to keep should it not answer. */
export function detachedRaw(raw: RawRecords): DetachedRaw {
  return {
    texts: Array.from(raw.texts, (text) => (typeof text === 'string' ? text : String(text))),
    numbers: raw.numbers.map((numbers) => (numbers instanceof Float64Array ? numbers.slice() : Float64Array.from(numbers, Number))),
  };
}

export function readRowsToEncode(value: unknown): RowsToEncode | null {
  if (!isRecord(value) || typeof value.id !== 'number' || !isRecord(value.raw)) return null;
  const { texts, numbers } = value.raw;
  if (!Array.isArray(texts) || !Array.isArray(numbers) || !numbers.every((column) => column instanceof Float64Array)) return null;
  return { id: value.id, raw: { texts: texts.map(String), numbers: numbers as Float64Array<ArrayBuffer>[] } };
}

export function readEncodedRows(value: unknown): (EncodedRows & { id: number }) | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  const { bytes, ends, truncated } = value;
  if (!(bytes instanceof Uint8Array) || !(ends instanceof Uint32Array) || typeof truncated !== 'number') return null;
  // Structured cloning makes typed arrays over plain ArrayBuffers.
  return { id: value.id, bytes: bytes as Uint8Array<ArrayBuffer>, ends: ends as Uint32Array<ArrayBuffer>, truncated };
}
