import { LIST_SOURCES, type ListFiltersOf, listFiltersShape, type ListSource } from '../list-query';
import type { ListOperation } from '../operations';
import * as p from '../parse';
import { method } from './define';
import type { JobInfo } from './jobs';

/** The formats the export engine writes row by row (cells as the table shows them). */
export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof SHEET_FORMATS)[number];
/** Every format a list exports to: Parquet is written by the archive's engine, every column typed. */
export const EXPORT_FORMATS = [...SHEET_FORMATS, 'parquet'] as const;
export type ExportFileFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_SCOPES = ['page', 'all'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];
/**
 * The header row of a file: `interface` the columns' names in the interface language (the
 * default), `english` their English names whatever the language, `fields` the platform's
 * field names (`callDuration_s`, `callStatus_label`: for files other programs read).
 */
export const EXPORT_HEADERS = ['interface', 'english', 'fields'] as const;
export type ExportHeaders = (typeof EXPORT_HEADERS)[number];

/**
 * Export what a list screen's table shows (its query: source, applied filters, sort, search,
 * column filters, Overview filters): the page on show (`current`, `size`) or every row the
 * query matches, with the table's columns in its order (`columns`) or all of them.
 * Main asks where to save first (with a suggested name), then streams the file.
 */
export type StartExportRequest = {
  [O in ListOperation]: ListFiltersOf<O> & {
    /** Default: the platform. */
    source?: ListSource;
    format: ExportFileFormat;
    scope: ExportScope;
    current?: number;
    size?: number;
    /** Column keys in the table's order; absent: every column of the list. */
    columns?: string[];
    /** Default: 'interface'. */
    headers?: ExportHeaders;
  };
}[ListOperation];

/** `job` null: the user closed the save dialog; nothing was started. Later changes arrive as `jobChanged`. */
export interface ExportStarted {
  job: JobInfo | null;
}

export const exportMethods = {
  startExport: method<StartExportRequest, ExportStarted>(
    p.object({
      ...listFiltersShape,
      source: p.optional(p.oneOf(LIST_SOURCES)),
      format: p.oneOf(EXPORT_FORMATS),
      scope: p.oneOf(EXPORT_SCOPES),
      current: p.optional(p.integer),
      size: p.optional(p.integer),
      columns: p.optional(p.arrayOf(p.string)),
      headers: p.optional(p.oneOf(EXPORT_HEADERS)),
    }) as p.Parser<StartExportRequest>,
  ),
  /** Shows a file this session exported in the system's file manager. */
  showInFolder: method<{ path: string }, null>(p.object({ path: p.string })),
  /** Opens a file this session exported in the application the system uses for it. */
  openExportedFile: method<{ path: string }, null>(p.object({ path: p.string })),
  /** Browser mode: a one-time address (with the run's token) that downloads a file this session exported. */
  downloadExport: method<{ path: string }, { url: string }>(p.object({ path: p.string })),
} as const;
