import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { isRecord } from '../../shared/parse';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
const MIN_VISIBLE = 80;

/** Reads the remembered window state; anything missing or malformed gives null. */
export function readWindowState(file: string): WindowState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.bounds)) return null;
  const { x, y, width, height } = parsed.bounds;
  const numbers = [x, y, width, height];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const bounds = { x, y, width, height } as Rect;
  if (bounds.width < 400 || bounds.height < 300) return null;
  return { bounds, maximized: parsed.maximized === true };
}

/**
 * Keeps the window's place for the next start; false when the disk refuses it (full, read-only). It is
 * written as the window closes, where a throw would stop the app with an error dialog over a window's place.
 */
export function writeWindowState(file: string, state: WindowState): boolean {
  try {
    writeFileAtomically(file, JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

/** A remembered position is used only if enough of it is still on some display (monitors change). */
export function isVisibleOnSomeDisplay(bounds: Rect, workAreas: readonly Rect[]): boolean {
  return workAreas.some((area) => {
    const overlapX = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const overlapY = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return overlapX >= MIN_VISIBLE && overlapY >= MIN_VISIBLE;
  });
}
