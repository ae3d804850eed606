/**
 * A row's stored digit runs (shown-sql.ts) summed up in 128 bits, two per three-digit group
 * they hold: a digit search first keeps the rows whose bits include all
 * of the needle's, a scan of one number column, and reads the runs of those rows only. The
 * bits come from the digits themselves, not the engine's hash, so an engine upgrade never
 * changes what a stored mask means.
 */
import { sql, type SqlQuery } from './sql-query';

/** Two bits per group (its value mod 128, and mod 127 of another multiple): a row seldom has both of each of a needle's groups by chance. */
const FIRST = { times: 1, plus: 0, modulo: 128 };
const SECOND = { times: 37, plus: 11, modulo: 127 };

/** The mask of a text of digit runs (SQL; groups across a space only add bits, which never hides a row). */
export function digitMaskSql(digits: SqlQuery): SqlQuery {
  const group = sql`TRY_CAST(substring(${digits}, i, 3) AS USMALLINT)::UINTEGER`;
  const bit = ({ times, plus, modulo }: typeof FIRST): SqlQuery => sql`(1::UHUGEINT << ((${group} * ${times} + ${plus}) % ${modulo})::UHUGEINT)`;
  const bits = sql`coalesce(${bit(FIRST)} | ${bit(SECOND)}, 0::UHUGEINT)`;
  return sql`coalesce(list_aggregate(list_transform(generate_series(1, length(${digits}) - 2), i -> ${bits}), 'bit_or'), 0::UHUGEINT)`;
}

/** The mask of a needle of digits only: every row holding the needle has at least these bits. */
export function needleDigitMask(needle: string): bigint {
  let mask = 0n;
  for (let at = 0; at + 3 <= needle.length; at++) {
    const group = Number(needle.slice(at, at + 3));
    for (const { times, plus, modulo } of [FIRST, SECOND]) mask |= 1n << BigInt((group * times + plus) % modulo);
  }
  return mask;
}
