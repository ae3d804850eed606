/** A team leader is one answer: named alike and leading the same groups on the Overview (its calls by team leader) and the Live board. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { viaPairsSql, viaTables } from '../../../src/main/archive/via-sql';
import { seatCounts } from '../../../src/main/live/live-figures';
import { normaliseSeat, normaliseTaskDetail, normaliseTeamLeader } from '../../../src/shared/normalise';
import { TEAM_LEADER_VIA } from '../../../src/shared/reports/via';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const leaders = [
  { keyId: '31', name: '  ', empNo: 'E7', voiceGroupIdList: ['10'], voiceGroupNameList: ['Sales'] },
  { keyId: '32', name: null, empNo: null, voiceGroupIdList: [], voiceGroupNameList: ['Support'] },
];
const seats = [
  { keyId: '1', name: 'Ann', groupName: 'Sales', voiceGroupId: '10', status: 1 },
  { keyId: '2', name: 'Ed', groupName: 'Support', voiceGroupId: null, status: 1 },
];

describe('team leaders', () => {
  it('are said by name, else employee number, else id, and lead the groups of their name list too, on the Overview and the Live board', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'team-leaders-'));
    const store = (await ArchiveStore.open(join(folder, 'archive', 'p.duckdb'))).store;
    try {
      const stage = async (operation: 'seats' | 'teamLeaders' | 'taskDetails', rows: readonly object[]): Promise<void> => {
        const table = archiveTableFor(operation);
        await store.stage(table, rows as never, 0, 1_000);
        await store.commit(table, operation === 'taskDetails' ? null : { snapshot: { scope: '', takenAtMs: 1_000 } });
      };
      await stage('seats', seats.map((seat) => normaliseSeat(seat, { zone })));
      await stage('teamLeaders', leaders.map((leader) => normaliseTeamLeader(leader, { zone })));
      await stage('taskDetails', [normaliseTaskDetail({ callId: 'c1', seatName: 'Ann', sipGroupName: 'Sales' }, { zone }), normaliseTaskDetail({ callId: 'c2', seatName: 'Ed', sipGroupName: 'Support' }, { zone })]);
      const pairs = await store.read(viaTables(TEAM_LEADER_VIA), viaPairsSql(TEAM_LEADER_VIA));
      const overview = pairs.map(([call, leader]) => `${String(call)}: ${String(leader)}`).sort();

      const live = seatCounts(1_000, seats.map((seat) => normaliseSeat(seat, { zone })), leaders.map((leader) => normaliseTeamLeader(leader, { zone })));
      expect(live.byLeader.map((row) => `${row.label}: ${row.total}`)).toEqual(['32: 1', 'E7: 1']);
      expect(overview).toEqual(['c1: E7', 'c2: 32']);
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
