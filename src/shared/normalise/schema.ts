/**
 * A record type's fields as a table: how to read each one and which server names
 * (aliases) it may arrive under. Everything the table does not name goes to `extra`.
 */
import type { DecimalAmount, ExtraFields, Timestamp } from '../records';
import type { TimeZone } from '../time-zone';
import { readAmount, readNumber, readText, readTextList, readTimestamp, toJsonValue } from './values';

export type FieldKind = 'text' | 'number' | 'amount' | 'timestamp' | 'textList';

/** The reader a field's declared type calls for (checked at compile time against the record interface). */
type KindFor<T> = [T] extends [DecimalAmount | null]
  ? 'amount'
  : [T] extends [Timestamp | null]
    ? 'timestamp'
    : [T] extends [string[]]
      ? 'textList'
      : [T] extends [number | null]
        ? 'number'
        : [T] extends [string | null]
          ? 'text'
          : never;

export interface FieldSpec<K extends FieldKind = FieldKind> {
  kind: K;
  /** Server names, first present wins; default: the field's own name. */
  from?: readonly string[];
}

/** Fields filled by hand rather than by the table. */
type SpecialField = 'extra' | 'variables' | 'unreadable';

export type RecordSchema<R> = { [F in Exclude<keyof R, SpecialField>]-?: FieldSpec<KindFor<R[F]>> };

export interface NormaliseContext {
  /** Zone for timestamps without an offset: the connection's platform zone (shared/platform-zone.ts). */
  zone: TimeZone;
}

type Reader = (value: unknown, context: NormaliseContext) => unknown;

const READERS: Record<FieldKind, Reader> = {
  text: readText,
  number: readNumber,
  amount: readAmount,
  timestamp: (value, context) => readTimestamp(value, context.zone),
  textList: readTextList,
};

interface CompiledField {
  field: string;
  kind: FieldKind;
  names: readonly string[];
  read: Reader;
}

export interface CompiledSchema<R> {
  fields: readonly CompiledField[];
  /** Every server name some field reads (aliases included): the rest go to `extra`. */
  known: ReadonlySet<string>;
  /** Phantom: the record type. */
  readonly record?: R;
}

/** Turns a schema into a flat list once, so each record costs one pass. */
export function compileSchema<R>(schema: RecordSchema<R>): CompiledSchema<R> {
  const fields: CompiledField[] = [];
  const known = new Set<string>();
  for (const [field, spec] of Object.entries(schema) as [string, FieldSpec][]) {
    const names = spec.from ?? [field];
    for (const name of names) known.add(name);
    fields.push({ field, kind: spec.kind, names, read: READERS[spec.kind] });
  }
  return { fields, known };
}

/** Builds a record from a server object by its schema; unknown server fields land in `extra`. */
export function normaliseBySchema<R extends { extra: ExtraFields }>(
  raw: Record<string, unknown>,
  schema: CompiledSchema<R>,
  context: NormaliseContext,
): R {
  const out: Record<string, unknown> = {};
  for (const { field, names, read } of schema.fields) out[field] = read(serverValue(raw, names), context);
  const extra: ExtraFields = {};
  for (const key in raw) {
    if (!schema.known.has(key) && Object.hasOwn(raw, key)) extra[key] = toJsonValue(raw[key]);
  }
  out.extra = extra;
  // The schema's type ties every field of R to the reader that produces its type.
  return out as R;
}

function serverValue(raw: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    const candidate = raw[name];
    if (candidate !== undefined && candidate !== null) return candidate;
  }
  return undefined;
}

/**
 * Fields the server sent in a form their reader cannot read, so they read as empty
 * (or, for a list, lost items). Absent, null and '' are "not set", not unreadable.
 */
export function unreadableFields<R>(raw: Record<string, unknown>, schema: CompiledSchema<R>, context: NormaliseContext): string[] {
  const unreadable: string[] = [];
  for (const { field, kind, names, read } of schema.fields) {
    const value = serverValue(raw, names);
    if (value === undefined || value === '') continue;
    const lost =
      kind === 'textList'
        ? Array.isArray(value)
          ? value.some((item) => readText(item) === null)
          : typeof value !== 'string' && readText(value) === null
        : read(value, context) === null;
    if (lost) unreadable.push(field);
  }
  return unreadable;
}
