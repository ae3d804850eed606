import { FS_NODES, type FsNode } from '../../shared/platform';
import type { SeatGroupValues } from '../../shared/records';
import { createRandom, STREAM } from './prng';
import { LABELS } from './data/pools';
import type { SeatGroupInfo } from './data/types';

/**
 * A seat group's basic settings as the sandbox stores them: the app's editable values,
 * but with the platform's own types where they are stricter (a numeric id, the two
 * switches always set, a known node).
 */
export interface SeatGroupSettings extends Omit<
  SeatGroupValues,
  'displaySwitch' | 'encryptNumber' | 'fsNode'
> {
  voiceGroupId: number;
  groupName: string;
  appName: string;
  /** The workspace that owns the group; another workspace's key gets -63. */
  workspace: string;
  turnSeatRingUrl: string | null;
  displaySwitch: number;
  encryptNumber: number;
  fsNode: FsNode | null;
}

export interface SeatGroupStore {
  get(id: number): SeatGroupSettings | undefined;
  set(id: number, patch: Partial<SeatGroupSettings>): void;
}

export function ringToneUrl(fileName: string): string {
  return `https://media.sandbox.invalid/ring/${encodeURIComponent(fileName)}`;
}

function copy(settings: SeatGroupSettings): SeatGroupSettings {
  return { ...settings, labelName: [...settings.labelName] };
}

export function createSeatGroupStore(seed: number, groups: readonly SeatGroupInfo[]): SeatGroupStore {
  const random = createRandom(seed, STREAM.seatGroups);
  const settings = new Map<number, SeatGroupSettings>();
  for (const group of groups) {
    const ring = random.chance(0.6)
      ? random.pick(['ring-classic.wav', 'welcome_hold.mp3', '等待音.wav'])
      : null;
    settings.set(group.id, {
      voiceGroupId: group.id,
      groupName: group.name,
      appName: group.appName,
      workspace: group.workspace,
      callinStrategy: random.int(1, 4),
      timeoutTransferSec: random.chance(0.7) ? random.int(10, 60) : null,
      callinAutoAnswerSec: random.chance(0.5) ? random.int(1, 10) : null,
      wrapUpTime: random.chance(0.7) ? random.int(5, 60) : null,
      timeoutIdle: random.chance(0.5) ? random.int(1, 5) : null,
      timeoutWaitSec: random.int(30, 180),
      turnSeatRing: ring,
      turnSeatRingUrl: ring === null ? null : ringToneUrl(ring),
      labelName: LABELS.filter(() => random.chance(0.4)),
      displaySwitch: random.int(0, 1),
      encryptNumber: random.int(0, 1),
      fsNode: random.pick(FS_NODES),
    });
  }
  return {
    get: (id) => {
      const found = settings.get(id);
      return found ? copy(found) : undefined;
    },
    set: (id, patch) => {
      const current = settings.get(id);
      if (!current) throw new RangeError(`no seat group ${id}`);
      const next = copy({ ...current, ...patch, voiceGroupId: id });
      if (patch.turnSeatRing !== undefined && patch.turnSeatRingUrl === undefined) {
        next.turnSeatRingUrl = patch.turnSeatRing === null ? null : ringToneUrl(patch.turnSeatRing);
      }
      settings.set(id, next);
    },
  };
}
