import * as p from '../parse';
import { OVERVIEW_COMPARISONS, type Overview, type OverviewExportRequest, type OverviewRequest } from '../reports/overview';
import { method } from './define';
import type { ExportStarted } from './export';

/** A chart's picture to save: its suggested file name and the PNG's bytes as base64. */
export interface ChartImageRequest {
  /** The chart's name for the file (letters, digits and dashes are kept). */
  name: string;
  pngBase64: string;
}

/** Where the picture went; null when the user closed the save dialog. */
export interface ChartImageSaved {
  path: string | null;
}

/** The largest chart picture taken (a chart drawn at four times a wide screen is far less). */
export const CHART_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const overviewWindow = {
  profileId: p.optional(p.string),
  fromMs: p.integer,
  toMs: p.integer,
  compare: p.optional(p.oneOf(OVERVIEW_COMPARISONS)),
};

export const reportMethods = {
  /** The Overview of a window, computed over the profile's archive (synced first where asked). */
  overview: method<OverviewRequest, Overview>(p.object({ ...overviewWindow, syncFirst: p.boolean })),
  /**
   * The Overview of a window as an .xlsx of every figure and breakdown: main asks where to
   * save (a suggested name), then writes it as an export job (`jobChanged` tells how it goes).
   */
  exportOverview: method<OverviewExportRequest, ExportStarted>(p.object(overviewWindow)),
  /** Saves a chart's picture where the user picks (the desktop; in a browser the page downloads it itself). */
  saveChartImage: method<ChartImageRequest, ChartImageSaved>(p.object({ name: p.string, pngBase64: p.string })),
} as const;
