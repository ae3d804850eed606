import { listOf, type ListOperation } from '../../shared/operations';
import type { ExportFileFormat, ExportFormat } from '../../shared/methods/export';
import { calendarOf } from '../../shared/calendar';
import { formatOffset, parseIsoInstant, type TimeZone } from '../../shared/time-zone';
import { safeNamePart } from '../../shared/safe-name';

export type { ExportFormat };

/** voiceRecords → voice-records (the CLI's names too). */
export function operationSlug(operation: ListOperation): string {
  return operation.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function isoDate(epochMs: number, zone: TimeZone): string {
  const calendar = calendarOf(zone);
  return calendar.dayKey(calendar.dayOf(epochMs));
}

/** The zone a CSV's times are in, for its name (CSV has no place inside for it): `UTC+0800`, `Asia-Shanghai`. */
export function zoneNamePart(zone: TimeZone): string {
  if (zone.kind === 'iana') return safeNamePart(zone.name);
  if (zone.offsetMinutes === 0) return 'UTC';
  return `UTC${formatOffset(zone.offsetMinutes).replace(':', '')}`;
}

/**
 * The name the save dialog suggests: operation, window (or task), profile, date, and for
 * CSV the zone its times are in, e.g.
 * `voice-records_2026-11-01_to_2026-11-22_Sandbox-demo_2026-11-22.xlsx`.
 */
export function defaultExportName(options: {
  operation: ListOperation;
  params: object;
  profileName: string;
  format: ExportFileFormat;
  zone: TimeZone;
  now: number;
}): string {
  const parts = [operationSlug(options.operation)];
  const params = options.params as Record<string, unknown>;
  // The days of the window in the file's zone: endTime is the last second taken in.
  const dayOfParam = (value: unknown): string | null => {
    const instant = typeof value === 'string' ? parseIsoInstant(value) : null;
    return instant === null ? null : isoDate(instant, options.zone);
  };
  const from = dayOfParam(params.strTime);
  const to = dayOfParam(params.endTime);
  if (from && to) parts.push(safeNamePart(from), 'to', safeNamePart(to));
  // A list kept by scope (a task's details) names its scope: `task-1001`.
  const scoped = listOf(options.operation).sync;
  if (scoped !== 'always' && params[scoped.param] !== undefined) parts.push(`${safeNamePart(scoped.noun)}-${safeNamePart(String(params[scoped.param]))}`);
  const profile = safeNamePart(options.profileName);
  if (profile) parts.push(profile);
  parts.push(isoDate(options.now, options.zone));
  if (options.format === 'csv') parts.push(zoneNamePart(options.zone));
  return `${parts.filter((part) => part !== '').join('_')}.${options.format}`;
}

/**
 * The Overview's workbook or one of its charts' pictures, named as the exports are: what it
 * is, the window's days (the last day is the one before its exclusive end), the profile and
 * today, e.g. `overview_2026-10-08_to_2026-11-21_Sandbox-demo_2026-11-25.xlsx` or
 * `overview-voice-by-hour_Sandbox-demo_2026-11-25.png`.
 */
export function overviewFileName(options: {
  what: string;
  window: { fromMs: number; toMs: number } | null;
  profileName: string;
  zone: TimeZone;
  now: number;
  extension: 'xlsx' | 'png';
}): string {
  const parts = [safeNamePart(options.what) || 'overview'];
  if (options.window) parts.push(isoDate(options.window.fromMs, options.zone), 'to', isoDate(Math.max(options.window.fromMs, options.window.toMs - 1), options.zone));
  parts.push(safeNamePart(options.profileName), isoDate(options.now, options.zone));
  return `${parts.filter((part) => part !== '').join('_')}.${options.extension}`;
}
