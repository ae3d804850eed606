import { createRandom, STREAM, type Random } from '../prng';
import { DAY_SECONDS, formatLocalDateTime } from '../time';
import { COUNTRIES, hexString, mixedPhoneNumber } from './phones';
import { NICKNAMES, PERSON_NAMES } from './pools';
import type { SeatGroupInfo, SeatRecord, TeamLeaderRecord } from './types';

const SEAT_COUNT = 150;
const TEAM_LEADER_COUNT = 10;
export const OTHER_WORKSPACE = 'partner-workspace';

const OWN_GROUP_NAMES = [
  'Sales Manila',
  'Collections Jakarta',
  '客服一组',
  'Support Dubai',
  'VIP Desk',
  'Night Shift, EN',
];

export interface AppInfo {
  appId: string;
  appName: string;
}

export const APPS: readonly AppInfo[] = [
  { appId: 'Ab3xK9pQ', appName: 'Sandbox Sales' },
  { appId: 'Zt7mW2rN', appName: 'Sandbox Collections' },
  { appId: 'Hq5vL8cY', appName: 'Sandbox Support' },
];

/** Six groups in the sandbox account's workspace and one in another workspace (for -63). */
export function generateSeatGroups(ownWorkspace: string): SeatGroupInfo[] {
  const own = OWN_GROUP_NAMES.map((name, i) => ({
    id: 101 + i,
    name,
    appId: APPS[i % APPS.length].appId,
    appName: APPS[i % APPS.length].appName,
    workspace: ownWorkspace,
  }));
  return [
    ...own,
    { id: 901, name: 'Partner Desk', appId: 'Pn4rT6sK', appName: 'Partner App', workspace: OTHER_WORKSPACE },
  ];
}

/** Create and update times: create within `maxAgeDays` before the anchor, update after it. */
function lifeTimes(
  random: Random,
  anchorMs: number,
  maxAgeDays: number,
): { createTime: string; updateTime: string } {
  const anchorSeconds = Math.floor(anchorMs / 1000);
  const created = anchorSeconds - random.int(DAY_SECONDS / 24, maxAgeDays * DAY_SECONDS);
  const updated = random.chance(0.3) ? created : random.int(created, anchorSeconds - 60);
  return { createTime: formatLocalDateTime(created * 1000), updateTime: formatLocalDateTime(updated * 1000) };
}

export function generateSeats(
  seed: number,
  anchorMs: number,
  groups: readonly SeatGroupInfo[],
): SeatRecord[] {
  const random = createRandom(seed, STREAM.seats);
  const ownGroups = groups.filter((group) => group.workspace !== OTHER_WORKSPACE);
  const groupNumbers = ownGroups.map(() => mixedPhoneNumber(random, random.pick(COUNTRIES)));
  const seats: SeatRecord[] = [];
  for (let i = 0; i < SEAT_COUNT; i++) {
    const groupIndex = i % ownGroups.length;
    const group = ownGroups[groupIndex];
    const country = random.pick(COUNTRIES);
    // The first seats cover every status; a few were created recently so a 32-day search finds some.
    const status =
      i < 5
        ? i + 1
        : random.weighted([
            [1, 30],
            [2, 30],
            [3, 25],
            [4, 8],
            [5, 7],
          ] as const);
    seats.push({
      keyId: 5001 + i,
      empNo: `E${String(i + 1).padStart(4, '0')}`,
      petName: random.pick(NICKNAMES),
      name: random.pick(PERSON_NAMES),
      appId: group.appId,
      appName: random.chance(0.8) ? group.appName : null,
      deleteFlag: random.chance(0.06) ? 1 : 0,
      enable: random.chance(0.12) ? 1 : 0,
      priority: random.chance(0.7) ? 1 : random.int(2, 5),
      sipGroupId: group.id,
      groupName: group.name,
      account: `agent${8001 + i}`,
      password: hexString(random, 32),
      ...lifeTimes(random, anchorMs, i < 12 ? 25 : 500),
      displayNum: groupNumbers[groupIndex],
      ccode: random.chance(0.85) ? country.ccode : null,
      status: String(status),
    });
  }
  return seats;
}

export function generateTeamLeaders(
  seed: number,
  anchorMs: number,
  groups: readonly SeatGroupInfo[],
): TeamLeaderRecord[] {
  const random = createRandom(seed, STREAM.teamLeaders);
  const ownGroups = groups.filter((group) => group.workspace !== OTHER_WORKSPACE);
  const leaders: TeamLeaderRecord[] = [];
  for (let i = 0; i < TEAM_LEADER_COUNT; i++) {
    const groupCount = random.int(1, 3);
    const start = (i * 2) % ownGroups.length;
    const led = Array.from({ length: groupCount }, (_, k) => ownGroups[(start + k) % ownGroups.length]);
    leaders.push({
      keyId: 7001 + i,
      empNo: `L${String(i + 1).padStart(3, '0')}`,
      petName: random.pick(NICKNAMES),
      name: random.pick(PERSON_NAMES),
      enable: i >= TEAM_LEADER_COUNT - 2 ? 1 : 0,
      voiceGroupIdList: led.map((group) => group.id),
      voiceGroupNameList: led.map((group) => group.name),
      account: `lead${i + 1}@sandbox.invalid`,
      password: hexString(random, 32),
      ...lifeTimes(random, anchorMs, 400),
      customerId: 100234,
      customerName: 'Sandbox Demo Ltd',
    });
  }
  return leaders;
}
