/** The Live board over IPC: one call refreshes what changed and answers the board. */
import { m } from '../i18n';
import { echoInput } from '../echo';
import * as p from '../parse';
import { LIVE_METRICS, type LiveThresholds, type Threshold } from '../live/alerts';
import type { LiveBoard, LiveBoardRequest } from '../live/board';
import { event, method } from './define';

/** A limit: a finite number, or null when that level is off. */
const limit: p.Parser<number | null> = (input, path = '') => {
  if (input === null) return null;
  if (typeof input !== 'number' || !Number.isFinite(input)) throw new p.RequestShapeError(path, m.errors_shape_number_or_null());
  return input;
};

const threshold: p.Parser<Threshold> = p.object({ amber: limit, red: limit });

const thresholds: p.Parser<LiveThresholds> = (input, path = '') => {
  if (!p.isRecord(input)) throw new p.RequestShapeError(path, m.errors_shape_live_thresholds());
  // A figure the board does not watch is a typo or a stranger's request: refused like any unknown field.
  for (const key of Object.keys(input)) {
    if (!(LIVE_METRICS as readonly string[]).includes(key)) throw new p.RequestShapeError(`${path}.${echoInput(key)}`, m.errors_shape_no_field());
  }
  const parsed = {} as LiveThresholds;
  for (const metric of LIVE_METRICS) parsed[metric] = threshold(input[metric], `${path}.${metric}`);
  return parsed;
};

export const liveMethods = {
  /**
   * The Live board of a profile: with `fetch`, today's voice records not yet archived and
   * the seat list are fetched first (never two refreshes of a profile at once: a second
   * call gets the running one's answer); then the figures are computed over the archive
   * and the thresholds checked (a crossing notifies once).
   */
  liveBoard: method<LiveBoardRequest, LiveBoard>(
    p.object({ profileId: p.optional(p.string), thresholds, fetch: p.boolean }),
  ),
} as const;

export const liveEvents = {
  /** A Live alert's desktop notification (Electron's) was clicked: the window opens the Live board. */
  liveAlertClicked: event<{ profileId: string }>(),
} as const;
