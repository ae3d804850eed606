import { CALL_STATUS_SINCE } from '../../../shared/platform';
import { STREAM } from '../prng';
import { DAY_SECONDS } from '../time';
import { generateAxbBindings } from './axb';
import { createIndexedTimeline } from './indexed-timeline';
import { createNumberRecordSource } from './number-records';
import { generateNumbers } from './numbers';
import { APPS, generateSeatGroups, generateSeats, generateTeamLeaders } from './seats';
import { generateTaskRows, TASK_IDS } from './tasks';
import type { SandboxData, SandboxVolume, TaskRowEntry } from './types';
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
  const voiceRecordAt = createVoiceRecordSource(seed, voiceTimeline, cutoffMs);
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
  const tasks = generateTaskRows(seed, anchorMs, profile.taskRows, groups, seats);
  const axbBindings = generateAxbBindings(seed, anchorMs, appIds);
  const noRows: readonly TaskRowEntry[] = [];

  const checkedIndex = (index: number, count: number): number => {
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new RangeError(`record index ${index} is outside 0..${count - 1}`);
    }
    return index;
  };

  return {
    seed,
    anchor: new Date(anchorMs),
    volume,
    callStatusCutoff: new Date(cutoffMs),
    voiceRecordCount: profile.voiceRecords,
    voiceRecordAt: (index) => voiceRecordAt(checkedIndex(index, profile.voiceRecords)),
    voiceRecordRange: (fromMs, toMs) => voiceTimeline.range(fromMs, toMs),
    numberRecordCount: profile.numberRecords,
    numberRecordAt: (index) => numberRecordAt(checkedIndex(index, profile.numberRecords)),
    numberRecordRange: (fromMs, toMs) => numberTimeline.range(fromMs, toMs),
    taskIds: TASK_IDS,
    taskRows: (taskId) => tasks.get(taskId) ?? noRows,
    seatGroups: () => groups,
    seats: () => seats,
    teamLeaders: () => teamLeaders,
    numbers: () => numbers,
    axbBindings: () => axbBindings,
    appIds,
  };
}
