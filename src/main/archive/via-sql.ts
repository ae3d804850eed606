/**
 * A via (shared/reports/via.ts) as SQL over the archive: the pairs (record key, value) it
 * finds, made from the declaration and the tables' layouts only. The Overview groups by
 * them (a LEFT JOIN: a record without one is the "No seat" row) and a drill-down lists one
 * value's records (`voiceId IN (the pairs of that value)`), so both read the same pairs.
 */
import type { Via } from '../../shared/reports/via';
import { blankAsNull, fieldColumn, joinSql, param, sql, tableName, type SqlQuery } from './sql-query';
import type { TableLayout } from './table-layout';
import { archiveTableFor } from './tables';

/** The pairs' column names: underscored, so no record field is one. */
export const VIA_KEY = sql`_via_k`;
export const VIA_VALUE = sql`_via_v`;

/** The archive tables a via reads besides its records' own (made empty when never synced). */
export function viaTables(via: Via): TableLayout[] {
  const operations = [via.through.operation, ...(via.leaders ? [via.leaders.operation, via.leaders.idOf.operation] : [])];
  return operations.map((operation) => archiveTableFor(operation).layout);
}

/** A field as text; blank text (empty or spaces only) is none. */
const text = (column: SqlQuery): SqlQuery => blankAsNull(sql`CAST(${column} AS VARCHAR)`);

/**
 * `SELECT _via_k, _via_v`: every record key (as text) with a value, each pair once, neither
 * null. A key found in several rows of the first list takes its least value, so a record has
 * one seat; the leaders of a group are each a pair of their own.
 */
export function viaPairsSql(via: Via): SqlQuery {
  const through = archiveTableFor(via.through.operation).layout;
  const key = text(fieldColumn(through, via.through.key));
  const value = text(fieldColumn(through, via.through.field));
  const found = sql`SELECT ${key} AS k, min(${value}) AS v FROM ${tableName(through)} WHERE ${key} IS NOT NULL GROUP BY 1`;
  if (!via.leaders) return sql`SELECT k AS ${VIA_KEY}, v AS ${VIA_VALUE} FROM (${found}) WHERE v IS NOT NULL`;
  const { leaders } = via;
  const leaderTable = archiveTableFor(leaders.operation).layout;
  const groupTable = archiveTableFor(leaders.idOf.operation).layout;
  const leader = sql`coalesce(${joinSql(leaders.fields.map((field) => text(fieldColumn(leaderTable, field))))})`;
  // A leader leads a group named in its name list, or whose id (a seat's group's) is in its id list.
  const byName = sql`SELECT ${leader} AS leader, unnest(${fieldColumn(leaderTable, leaders.names)}) AS g FROM ${tableName(leaderTable)}`;
  const byIdOf = sql`SELECT ${leader} AS leader, unnest(${fieldColumn(leaderTable, leaders.ids)}) AS gid FROM ${tableName(leaderTable)}`;
  const groupIds = sql`SELECT DISTINCT ${text(fieldColumn(groupTable, leaders.idOf.name))} AS g, ${text(fieldColumn(groupTable, leaders.idOf.id))} AS gid FROM ${tableName(groupTable)}`;
  const leads = sql`${byName} UNION SELECT i.leader, s.g FROM (${byIdOf}) AS i JOIN (${groupIds}) AS s ON s.gid = i.gid`;
  return sql`SELECT DISTINCT c.k AS ${VIA_KEY}, l.leader AS ${VIA_VALUE}
    FROM (${found}) AS c JOIN (${leads}) AS l ON nullif(l.g, '') = c.v
    WHERE l.leader IS NOT NULL`;
}

/** The record's field a via starts from, as text (what the pairs' keys are). */
export function viaOnSql(layout: TableLayout, via: Via): SqlQuery {
  return text(fieldColumn(layout, via.on));
}

/** The records of one value (bound as a parameter), or, for null, those without any. */
export function viaConditionSql(layout: TableLayout, via: Via, value: string | null): SqlQuery {
  const on = viaOnSql(layout, via);
  if (value === null) return sql`(${on} IS NULL OR ${on} NOT IN (SELECT ${VIA_KEY} FROM (${viaPairsSql(via)})))`;
  return sql`${on} IN (SELECT ${VIA_KEY} FROM (${viaPairsSql(via)}) WHERE ${VIA_VALUE} = ${param(value)})`;
}
