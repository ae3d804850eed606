/**
 * What is known of each stored column of each table, as known to this process: loaded or
 * worked out when a table is prepared, widened before each merge commits (a reader that
 * sees the new rows already sees what they added). A table not known yet has no facts.
 */
export class ColumnFacts<V> {
  private readonly known = new Map<string, Map<string, V>>();

  /** `widened(held, more)`: a column's fact with more rows added; facts are only ever widened. */
  constructor(private readonly widened: (held: V, more: V) => V) {}

  /** The fact of a column of a table; undefined when the table's facts are not known. */
  of(table: string, column: string): V | undefined {
    return this.known.get(table)?.get(column);
  }

  /** Whether the table's facts are known. */
  has(table: string): boolean {
    return this.known.has(table);
  }

  set(table: string, facts: ReadonlyMap<string, V>): void {
    this.known.set(table, new Map(facts));
  }

  /**
   * Adds facts to a table's columns: the table's whole map as `_meta` keeps it when it grew,
   * 'same' when it did not (most merges bring nothing new), 'unknown' when the table's
   * facts are not known (nothing to widen).
   */
  widen(table: string, added: ReadonlyMap<string, V>): { grown: string } | 'same' | 'unknown' {
    const facts = this.known.get(table);
    if (!facts) return 'unknown';
    let grown = false;
    for (const [column, more] of added) {
      const held = facts.get(column);
      const widened = held === undefined ? more : this.widened(held, more);
      if (widened === held) continue;
      facts.set(column, widened);
      grown = true;
    }
    return grown ? { grown: JSON.stringify(Object.fromEntries(facts)) } : 'same';
  }
}

/** What `_meta` kept of a table's facts; null when it is not a fact for every one of `columns` (a newer layout, a damaged value). */
export function parseKeptFacts<V>(stored: string | null, columns: readonly string[], isFact: (value: unknown) => value is V): Map<string, V> | null {
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const facts = new Map<string, V>();
  for (const column of columns) {
    const value: unknown = Reflect.get(parsed, column);
    if (!isFact(value)) return null;
    facts.set(column, value);
  }
  return facts;
}
