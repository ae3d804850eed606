import { LIST_OPERATIONS, type ListOperation, type ListParams } from '../operations';
import * as p from '../parse';
import { method } from './define';
import type { JobInfo } from './jobs';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_SCOPES = ['page', 'all'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/**
 * Export the page on show (`current`, `size`) or every record matching the filters.
 * Main asks where to save first (with a suggested name), then streams the file.
 */
export type StartExportRequest = {
  [O in ListOperation]: {
    operation: O;
    params: ListParams[O];
    format: ExportFormat;
    scope: ExportScope;
    current?: number;
    size?: number;
    /** Read the rows kept on this computer instead of the platform (every archived row of the filters, in this order). */
    fromArchive?: boolean;
    sort?: { field: string; descending: boolean };
  };
}[ListOperation];

/** `job` null: the user closed the save dialog; nothing was started. Later changes arrive as `jobChanged`. */
export interface ExportStarted {
  job: JobInfo | null;
}

export const exportMethods = {
  startExport: method<StartExportRequest, ExportStarted>(
    p.object({
      operation: p.oneOf(LIST_OPERATIONS),
      params: p.plainObject,
      format: p.oneOf(EXPORT_FORMATS),
      scope: p.oneOf(EXPORT_SCOPES),
      current: p.optional(p.integer),
      size: p.optional(p.integer),
      fromArchive: p.optional(p.boolean),
      sort: p.optional(p.object({ field: p.string, descending: p.boolean })),
    }) as p.Parser<StartExportRequest>,
  ),
  /** Shows a file this session exported in the system's file manager. */
  showInFolder: method<{ path: string }, null>(p.object({ path: p.string })),
  /** Opens a file this session exported in the application the system uses for it. */
  openExportedFile: method<{ path: string }, null>(p.object({ path: p.string })),
  /** Browser mode: a one-time address (with the run's token) that downloads a file this session exported. */
  downloadExport: method<{ path: string }, { url: string }>(p.object({ path: p.string })),
} as const;
