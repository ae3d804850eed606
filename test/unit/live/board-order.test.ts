/**
 * The Live board lists groups, team leaders and seats by name as the tables sort names: in the
 * interface language of the moment (pinyin in Chinese), digit runs as numbers, whatever
 * language the process was started in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seatCounts, type BoardLeader, type BoardSeat } from '../../../src/main/live/live-figures';
import { currentLocale, setCurrentLocale } from '../../../src/shared/i18n';

const NAMES = ['张三', 'Zoe', '阿明', 'Seat 10', '李四', 'Seat 2'];
const seats: BoardSeat[] = NAMES.map((name, index) => ({
  keyId: `s${index}`,
  name,
  empNo: null,
  groupName: `${name} group`,
  voiceGroupId: `g${index}`,
  status: 3,
}));
const leaders: BoardLeader[] = NAMES.map((name, index) => ({ keyId: `l${index}`, name, empNo: null, voiceGroupIdList: [`g${index}`], voiceGroupNameList: [] }));

describe('the Live board orders names as the tables do', () => {
  const before = currentLocale();
  afterEach(() => setCurrentLocale(before));

  it('in Chinese by pinyin, then Latin letters; in English Latin letters first; Seat 2 before Seat 10 in both', () => {
    setCurrentLocale('zh-CN');
    const zh = seatCounts(1, seats, leaders);
    expect(zh.grid.map((seat) => seat.label)).toEqual(['阿明', '李四', '张三', 'Seat 2', 'Seat 10', 'Zoe']);
    expect(zh.byLeader.map((row) => row.label)).toEqual(zh.grid.map((seat) => seat.label));
    expect(zh.byGroup.map((row) => row.label).slice(0, 2)).toEqual(['阿明 group', '李四 group']);

    setCurrentLocale('en');
    const en = seatCounts(1, seats, leaders);
    expect(en.grid.map((seat) => seat.label).slice(0, 3)).toEqual(['Seat 2', 'Seat 10', 'Zoe']);
    expect(en.byLeader.map((row) => row.label)).toEqual(en.grid.map((seat) => seat.label));
  });
});
