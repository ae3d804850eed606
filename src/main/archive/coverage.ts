/**
 * Which stretches of a windowed operation's time line the archive holds completely.
 * A piece is [fromMs, toMs) fetched in full at syncedAtMs. Records of the last hours
 * before a sync can still change on the platform (call status, cost), so a piece is
 * trusted ("settled") only up to syncedAt minus the refresh window; the rest is
 * fetched again by the next sync.
 */

export interface CoveragePiece {
  fromMs: number;
  toMs: number;
  syncedAtMs: number;
}

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/**
 * When a piece fetched at a local instant counts as synced: never later than the platform's
 * own clock (as its answers showed it; null when unknown), so a computer's clock set ahead
 * never claims records not made yet as settled, which no later sync would fetch.
 */
export function syncedAtOf(localMs: number, platformMs: number | null): number {
  return platformMs === null ? localMs : Math.min(localMs, platformMs);
}

/** Adds a freshly fetched piece; where it overlaps older pieces, the new one wins. Result sorted, disjoint. */
export function addCoverage(pieces: readonly CoveragePiece[], added: CoveragePiece): CoveragePiece[] {
  if (added.toMs <= added.fromMs) return [...pieces];
  const out: CoveragePiece[] = [];
  for (const piece of pieces) {
    if (piece.toMs <= added.fromMs || piece.fromMs >= added.toMs) {
      out.push(piece);
      continue;
    }
    if (piece.fromMs < added.fromMs) out.push({ ...piece, toMs: added.fromMs });
    if (piece.toMs > added.toMs) out.push({ ...piece, fromMs: added.toMs });
  }
  out.push(added);
  out.sort((a, b) => a.fromMs - b.fromMs);
  return joinTouching(out);
}

/** Neighbours synced at the same moment become one piece (fewer rows to keep). */
function joinTouching(pieces: CoveragePiece[]): CoveragePiece[] {
  const out: CoveragePiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last && last.toMs === piece.fromMs && last.syncedAtMs === piece.syncedAtMs) last.toMs = piece.toMs;
    else out.push({ ...piece });
  }
  return out;
}

/** The stretches whose records are final: each piece up to its sync time minus the refresh window. */
export function settledRanges(pieces: readonly CoveragePiece[], refreshMs: number): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (const piece of pieces) {
    const toMs = Math.min(piece.toMs, piece.syncedAtMs - refreshMs);
    if (toMs > piece.fromMs) ranges.push({ fromMs: piece.fromMs, toMs });
  }
  return ranges;
}

/** What a sync of `window` must fetch: every part not settled, oldest first. */
export function rangesToFetch(
  window: TimeRange,
  pieces: readonly CoveragePiece[],
  refreshMs: number,
): TimeRange[] {
  const gaps: TimeRange[] = [];
  let cursor = window.fromMs;
  for (const settled of settledRanges(pieces, refreshMs)) {
    if (settled.toMs <= cursor) continue;
    if (settled.fromMs >= window.toMs) break;
    if (settled.fromMs > cursor) gaps.push({ fromMs: cursor, toMs: Math.min(settled.fromMs, window.toMs) });
    cursor = Math.max(cursor, settled.toMs);
    if (cursor >= window.toMs) break;
  }
  if (cursor < window.toMs) gaps.push({ fromMs: cursor, toMs: window.toMs });
  return gaps;
}

/** How much of `window` is held completely (for "fully synced" / "partly synced" labels). */
export function coveredMs(window: TimeRange, pieces: readonly CoveragePiece[]): number {
  let total = 0;
  for (const piece of pieces) {
    const from = Math.max(piece.fromMs, window.fromMs);
    const to = Math.min(piece.toMs, window.toMs);
    if (to > from) total += to - from;
  }
  return total;
}
