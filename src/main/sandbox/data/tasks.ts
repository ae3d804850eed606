import { LIMITS } from '../../../shared/platform';
import { createRandom, STREAM, type Random } from '../prng';
import { formatDate, DAY_SECONDS } from '../time';
import { decimalText } from './money';
import { COUNTRIES, maskNumber, mixedPhoneNumber } from './phones';
import { calledInfo, CITIES, FORMULA_LIKE, LABELS, PERSON_NAMES, PRODUCTS, REMARKS } from './pools';
import type { SeatGroupInfo, SeatRecord, TaskDetailRecord, TaskRowEntry, TaskVariables } from './types';

export const TASK_IDS = [1001, 1002, 1003] as const;

const ERROR_REASONS = [
  'Number not in service',
  'Called party busy',
  'Line congestion',
  'Invalid number format',
];

const VARIABLE_KEYS = Array.from({ length: 20 }, (_, i) => `var${String(i + 1).padStart(2, '0')}` as const);

/** All twenty keys in one literal, so every row shares one object shape (fast at 16,000 rows). */
function emptyVariables(): TaskVariables {
  return {
    var01: null,
    var02: null,
    var03: null,
    var04: null,
    var05: null,
    var06: null,
    var07: null,
    var08: null,
    var09: null,
    var10: null,
    var11: null,
    var12: null,
    var13: null,
    var14: null,
    var15: null,
    var16: null,
    var17: null,
    var18: null,
    var19: null,
    var20: null,
  };
}

function fillVariables(record: TaskVariables, random: Random, anchorMs: number): void {
  VARIABLE_KEYS.forEach((key, i) => {
    const n = i + 1;
    const fillChance = n <= 5 ? 0.95 : n <= 10 ? 0.5 : 0.1;
    if (random.chance(fillChance)) record[key] = variableValue(random, n, anchorMs);
  });
}

function variableValue(random: Random, n: number, anchorMs: number): string {
  switch (n) {
    case 1:
      return random.pick(PERSON_NAMES);
    case 2:
      return decimalText(random.int(1000, 5_000_000), 2);
    case 3:
      return formatDate(anchorMs + random.int(-30, 30) * DAY_SECONDS * 1000);
    case 4:
      return random.pick(PRODUCTS);
    case 5:
      return random.pick(CITIES);
    case 6:
      return String(random.int(1, 99999)).padStart(8, '0');
    case 7:
      return random.pick(FORMULA_LIKE);
    default:
      return `v${n}-${random.int(1, 999)}`;
  }
}

/**
 * Dialled row n (counted across the tasks) is the call of voice record 2n, newest first: the
 * tasks' calls are the recent history's, every other one, so the Overview's recent windows
 * show them by seat and team leader. Taken by index, not drawn, so no row's other values move.
 */
const CALL_STRIDE = 2;

/** Where a dialled row's call is: the voice record at a history index (newest first) and how many there are. */
export interface TaskCalls {
  count: number;
  voiceIdAt(index: number): string;
}

export function generateTaskRows(
  seed: number,
  anchorMs: number,
  rowCounts: readonly number[],
  groups: readonly SeatGroupInfo[],
  seats: readonly SeatRecord[],
  calls: TaskCalls,
): Map<number, TaskRowEntry[]> {
  const tasks = new Map<number, TaskRowEntry[]>();
  const usableSeats = seats.filter((seat) => seat.deleteFlag === 0);
  const seatsOfGroup = new Map(
    groups.map((group) => [group.id, usableSeats.filter((seat) => seat.sipGroupId === group.id)]),
  );
  let dialledRows = 0;
  const nextCallId = (): string | null => {
    const index = CALL_STRIDE * dialledRows++;
    return index < calls.count ? calls.voiceIdAt(index) : null;
  };
  TASK_IDS.forEach((taskId, taskIndex) => {
    const random = createRandom(seed, STREAM.tasks, taskId);
    const taskGroups = groups.filter((group) => (seatsOfGroup.get(group.id) ?? []).length > 0);
    const groupsOfTask = taskGroups.filter((_, i) => i % TASK_IDS.length === taskIndex || taskIndex === 2);
    const rows: TaskRowEntry[] = [];
    for (let i = 0; i < rowCounts[taskIndex]; i++) {
      const group = random.pick(groupsOfTask);
      const groupSeats = seatsOfGroup.get(group.id) ?? [];
      const status = random.weighted([
        [9, 55],
        [5, 25],
        [7, 12],
        [1, 8],
      ] as const);
      const seat = status !== 5 || random.chance(0.5) ? random.pick(groupSeats) : null;
      const called = mixedPhoneNumber(random, random.pick(COUNTRIES));
      const dialled = status !== 5;
      const record: TaskDetailRecord = {
        keyId: taskId,
        called,
        calledInfo: calledInfo(random, LIMITS.calledInfoMaxChars),
        encryptCalled: maskNumber(called),
        seatName: seat ? seat.name : null,
        sipGroupName: group.name,
        labelName: dialled && random.chance(0.6) ? random.pick(LABELS) : null,
        remark: random.chance(0.3) ? random.pick(REMARKS) : random.chance(0.5) ? '' : null,
        callId: dialled ? nextCallId() : null,
        errorReason: status === 7 ? random.pick(ERROR_REASONS) : null,
        status,
        callCount: status === 9 || status === 7 ? 1 : status === 1 ? 0.5 : 0,
        ...emptyVariables(),
      };
      fillVariables(record, random, anchorMs);
      rows.push({ record, seatId: seat ? seat.keyId : null, sipGroupId: group.id });
    }
    tasks.set(taskId, rows);
  });
  return tasks;
}
