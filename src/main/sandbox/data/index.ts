import { CALL_STATUS_SINCE } from '../../../shared/platform';
import { STREAM } from '../prng';
import { DAY_SECONDS } from '../time';
import { generateAxbBindings } from './axb';
import { createIndexedTimeline } from './indexed-timeline';
import { createLiveDay, type LiveDayOptions } from './live';
import { createNumberRecordSource } from './number-records';
import { generateNumbers } from './numbers';
import { APPS, generateSeatGroups, generateSeats, generateTeamLeaders } from './seats';
import { generateTaskRows, TASK_IDS } from './tasks';
import type { SandboxData, SandboxVolume, SeatRecord, TaskRowEntry } from './types';
import { createVoiceRecordSource } from './voice';

export type * from './types';

interface VolumeProfile {
  voiceRecords: number;
  numberRecords: number;
  taskRows: readonly number[];
}

export const VOLUMES: Readonly<Record<SandboxVolume, VolumeProfile>> = {
  small: { voiceRecords: 3_000, numberRecords: 500, taskRows: [150, 200, 120] },
  default: { voiceRecords: 30_000, numberRecords: 5_000, taskRows: [1_200, 1_500, 1_000] },
  large: { voiceRecords: 1_000_000, numberRecords: 100_000, taskRows: [5_000, 8_000, 3_000] },
};

/** Records span this many days before the anchor. */
export const HISTORY_DAYS = 60;

export interface DataOptions {
  seed: number;
  anchor: Date;
  volume: SandboxVolume;
  /** Workspace that owns the six seat groups the seats belong to. */
  workspace: string;
  /** The live day from the start (live.ts); null or omitted: fixed data until `live.start()`. */
  live?: LiveDayOptions | null;
}

export function buildSandboxData(options: DataOptions): SandboxData {
  const { seed, volume } = options;
  const anchorMs = options.anchor.getTime();
  const profile = VOLUMES[volume];
  const spanSeconds = HISTORY_DAYS * DAY_SECONDS;
  // The platform's fixed date, not one relative to the anchor: records before it have no callStatus.
  const cutoffMs = CALL_STATUS_SINCE.getTime();
  const appIds = APPS.map((app) => app.appId);

  const voiceTimeline = createIndexedTimeline(
    seed,
    STREAM.voiceTime,
    anchorMs,
    profile.voiceRecords,
    spanSeconds,
  );
  const live = createLiveDay(seed, anchorMs, options.live ?? null);
  const historyCount = profile.voiceRecords;
  // Live call k is generated as record historyCount + k: its own draws and a unique id.
  const voiceRecordAt = createVoiceRecordSource(
    seed,
    {
      count: historyCount,
      secondsAt: (index) => (index < historyCount ? voiceTimeline.secondsAt(index) : live.callSeconds(index - historyCount)),
      range: voiceTimeline.range,
    },
    cutoffMs,
  );
  const numbers = generateNumbers(seed, anchorMs, appIds);
  const numberTimeline = createIndexedTimeline(
    seed,
    STREAM.numberRecordTime,
    anchorMs,
    profile.numberRecords,
    spanSeconds,
  );
  const numberRecordAt = createNumberRecordSource(seed, numberTimeline, numbers);
  const groups = generateSeatGroups(options.workspace);
  const seats = generateSeats(seed, anchorMs, groups);
  const teamLeaders = generateTeamLeaders(seed, anchorMs, groups);
  const tasks = generateTaskRows(seed, anchorMs, profile.taskRows, groups, seats, { count: historyCount, voiceIdAt: (index) => voiceRecordAt(index).voiceId });
  const axbBindings = generateAxbBindings(seed, anchorMs, appIds);
  const noRows: readonly TaskRowEntry[] = [];

  const checkedIndex = (index: number, count: number): number => {
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new RangeError(`record index ${index} is outside 0..${count - 1}`);
    }
    return index;
  };

  // Newest first: the live calls up to the clock (newest first), then the history.
  const voiceIndexAt = (index: number, atMs: number): number => {
    const liveCount = live.callCount(atMs);
    checkedIndex(index, historyCount + liveCount);
    return index < liveCount ? historyCount + (liveCount - 1 - index) : index - liveCount;
  };
  const seatsAt = (atMs: number): readonly SeatRecord[] => {
    if (!live.on) return seats;
    return seats.map((seat, index) => {
      const status = live.seatStatus(index, atMs);
      return status === null ? seat : { ...seat, status: String(status) };
    });
  };

  return {
    seed,
    anchor: new Date(anchorMs),
    volume,
    callStatusCutoff: new Date(cutoffMs),
    live,
    get voiceRecordCount() {
      return historyCount + live.callCount(live.nowMs());
    },
    voiceRecordAt: (index, atMs = live.nowMs()) => voiceRecordAt(voiceIndexAt(index, atMs)),
    voiceRecordRange: (fromMs, toMs, atMs = live.nowMs()) => {
      const liveCount = live.callCount(atMs);
      const history = voiceTimeline.range(fromMs, toMs);
      const calls = live.callRange(fromMs, toMs, atMs);
      if (calls.end === calls.first) return { first: history.first + liveCount, end: history.end + liveCount };
      // Live calls are all newer than the history: the window's two parts touch.
      const first = liveCount - calls.end;
      const end = history.end > history.first ? history.end + liveCount : liveCount - calls.first;
      return { first, end };
    },
    numberRecordCount: profile.numberRecords,
    numberRecordAt: (index) => numberRecordAt(checkedIndex(index, profile.numberRecords)),
    numberRecordRange: (fromMs, toMs) => numberTimeline.range(fromMs, toMs),
    taskIds: TASK_IDS,
    taskRows: (taskId) => tasks.get(taskId) ?? noRows,
    seatGroups: () => groups,
    seats: (atMs = live.nowMs()) => seatsAt(atMs),
    teamLeaders: () => teamLeaders,
    numbers: () => numbers,
    axbBindings: () => axbBindings,
    appIds,
  };
}
