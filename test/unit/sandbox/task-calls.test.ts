/**
 * The sandbox's task rows are the calls of its voice records: a dialled row's callId is a
 * real voice id (each once), its seat one of the seats, its group that seat's group, and a
 * team leader leads that group, so the Overview's calls by seat and by team leader have
 * something to show.
 */
import { describe, expect, it } from 'vitest';
import { buildSandboxData } from '../../../src/main/sandbox/data';

describe('sandbox task rows and voice records', () => {
  const data = buildSandboxData({ seed: 3, volume: 'small', anchor: new Date('2026-11-20T12:00:00+08:00'), workspace: 'sandbox' });
  const rows = data.taskIds.flatMap((taskId) => data.taskRows(taskId).map((entry) => entry.record));
  const dialled = rows.filter((row) => row.callId !== null);

  it('gives every dialled row the voice id of a call of the history, none twice', () => {
    const voiceIds = new Set(Array.from({ length: data.voiceRecordCount }, (_, index) => data.voiceRecordAt(index).voiceId));
    expect(dialled.length).toBeGreaterThan(200);
    expect(dialled.every((row) => voiceIds.has(row.callId as string))).toBe(true);
    expect(new Set(dialled.map((row) => row.callId)).size).toBe(dialled.length);
    expect(rows.filter((row) => row.status === 5).every((row) => row.callId === null)).toBe(true);
  });

  it('names a seat of the seat list and its group, led by a team leader', () => {
    // Two seats may share a name: one of that name is in the row's group.
    const seatsInGroups = new Set(data.seats().map((seat) => `${seat.name}\n${seat.groupName}`));
    const led = new Set(data.teamLeaders().flatMap((leader) => leader.voiceGroupNameList));
    for (const row of dialled) expect(seatsInGroups.has(`${row.seatName}\n${row.sipGroupName}`), `${row.seatName} of ${row.sipGroupName}`).toBe(true);
    expect(dialled.filter((row) => led.has(row.sipGroupName ?? '')).length).toBeGreaterThan(dialled.length / 2);
  });
});
