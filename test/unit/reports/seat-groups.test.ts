/** Seat groups are one question with one answer: the Overview (and so its workbook) and the Live board count the same groups. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { seatCounts } from '../../../src/main/live/live-figures';
import { queryInWords } from '../../../src/main/export/query-words';
import { seatOverview } from '../../../src/main/reports/seats';
import { drillChips, drillFiltersOf, withoutDrillFilter } from '../../../src/renderer/src/lib/drill-chips';
import { m, setCurrentLocale } from '../../../src/shared/i18n';
import { normaliseSeat } from '../../../src/shared/normalise';
import { listOf } from '../../../src/shared/operations';
import { withSeatGroupLabels, type SeatGroupNamed } from '../../../src/shared/platform';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zone = parseTimeZone('+08:00') as TimeZone;
const raw = [
  { keyId: '1', name: 'Ann', groupName: 'Sales', voiceGroupId: '10', status: 1 },
  { keyId: '2', name: 'Bo', groupName: 'Sales', voiceGroupId: '11', status: 2 },
  { keyId: '3', name: 'Cy', groupName: 'Sales', voiceGroupId: '11', status: 1 },
  { keyId: '4', name: 'Di', groupName: '', voiceGroupId: '12', status: 1 },
  { keyId: '5', name: 'Ed', groupName: 'Support', voiceGroupId: '', status: 1 },
  { keyId: '6', name: 'Fi', groupName: '', voiceGroupId: '', status: 1 },
];

/** The Overview's and the Live board's groups of the seats, as "label: count" by key, and each Overview drill-down's seats. */
async function bothWays(given: readonly Record<string, unknown>[]) {
  const folder = mkdtempSync(join(tmpdir(), 'seat-groups-'));
  const store = (await ArchiveStore.open(join(folder, 'archive', 'p.duckdb'))).store;
  try {
    const table = archiveTableFor('seats');
    const seats = given.map((seat) => normaliseSeat(seat, { zone }));
    await store.stage(table, seats, 0, 1_000);
    await store.commit(table, { snapshot: { scope: '', takenAtMs: 1_000 } });
    const overview = await seatOverview(store, { fromMs: 0, toMs: 1 });
    const live = seatCounts(1_000, seats, []);
    const drilled = new Map<string, string[]>();
    for (const group of overview.byGroup) {
      const page = await store.page(table, { equals: group.drill?.equals ?? [] }, 0, 100);
      drilled.set(group.key, page.records.map((seat) => seat.keyId ?? '').sort());
    }
    return {
      byGroup: overview.byGroup,
      overview: new Map(overview.byGroup.map((group) => [group.key, `${group.label}: ${group.count}`])),
      live: new Map(live.byGroup.map((group) => [group.key, `${group.label}: ${group.total}`])),
      drilled,
    };
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('seat groups', () => {
  it('are the same groups, labels and counts on the Overview and the Live board, and each drill-down lists its own seats', async () => {
    const { overview, live, drilled } = await bothWays(raw);
    const expected = new Map([
      ['10', 'Sales (#10): 1'],
      ['11', 'Sales (#11): 2'],
      ['12', 'Group 12: 1'],
      ['Support', 'Support: 1'],
      ['', 'no group: 1'],
    ]);
    expect(overview).toEqual(expected);
    expect(live).toEqual(expected);
    expect(drilled).toEqual(new Map([['10', ['1']], ['11', ['2', '3']], ['12', ['4']], ['Support', ['5']], ['', ['6']]]));
  });

  it('take a blank id or name (spaces only) as none and an id sent as a number as its text, on both', async () => {
    const { overview, live, drilled } = await bothWays([
      { keyId: '1', groupName: 'Sales', voiceGroupId: 10 },
      { keyId: '2', groupName: 'Sales', voiceGroupId: '10' },
      { keyId: '3', groupName: '  ', voiceGroupId: '12' },
      { keyId: '4', groupName: 'Support', voiceGroupId: '  ' },
      { keyId: '5', groupName: '   ', voiceGroupId: null },
      { keyId: '6', groupName: null, voiceGroupId: '' },
    ]);
    const expected = new Map([
      ['10', 'Sales: 2'],
      ['12', 'Group 12: 1'],
      ['Support', 'Support: 1'],
      ['', 'no group: 2'],
    ]);
    expect(overview).toEqual(expected);
    expect(live).toEqual(expected);
    expect(drilled).toEqual(new Map([['10', ['1', '2']], ['12', ['3']], ['Support', ['4']], ['', ['5', '6']]]));
  });

  it('tell two groups sharing a name apart by their ids, in either language, and the Live grid runs group by group', async () => {
    const given = [
      { keyId: '1', name: 'Ann', groupName: 'Sales', voiceGroupId: '10' },
      { keyId: '2', name: 'Bo', groupName: 'Sales', voiceGroupId: '11' },
      { keyId: '3', name: 'Cy', groupName: 'Sales', voiceGroupId: '10' },
      { keyId: '4', name: 'Al', groupName: null, voiceGroupId: '12' },
      { keyId: '5', name: 'Ed', groupName: 'Support', voiceGroupId: '13' },
    ];
    const { overview, live } = await bothWays(given);
    const expected = new Map([
      ['10', 'Sales (#10): 2'],
      ['11', 'Sales (#11): 1'],
      ['12', 'Group 12: 1'],
      ['13', 'Support: 1'],
    ]);
    expect(overview).toEqual(expected);
    expect(live).toEqual(expected);

    const grid = seatCounts(1_000, given.map((seat) => normaliseSeat({ ...seat, status: 1 }, { zone })), []).grid;
    expect(grid.map((seat) => `${seat.label} in ${seat.group}`)).toEqual([
      'Al in Group 12',
      'Ann in Sales (#10)',
      'Cy in Sales (#10)',
      'Bo in Sales (#11)',
      'Ed in Support',
    ]);

    setCurrentLocale('zh-CN');
    try {
      const groups = [
        { voiceGroupId: '10', groupName: 'Sales', label: '' },
        { voiceGroupId: '11', groupName: 'Sales', label: '' },
        { voiceGroupId: '12', groupName: null, label: '' },
        { voiceGroupId: null, groupName: null, label: '' },
      ];
      expect(withSeatGroupLabels(groups).map((group) => group.label)).toEqual(['Sales（#10）', 'Sales（#11）', '坐席组 12', '无坐席组']);
    } finally {
      setCurrentLocale('en');
    }
  });

  it("open a group's seats under one chip that says the group as its row did, in either language, and taking it off takes the whole group", async () => {
    const { byGroup } = await bothWays([
      { keyId: '1', groupName: 'Sales', voiceGroupId: '10' },
      { keyId: '2', groupName: 'Sales', voiceGroupId: '11' },
      { keyId: '3', groupName: null, voiceGroupId: '12' },
      { keyId: '4', groupName: 'Support', voiceGroupId: '' },
      { keyId: '5', groupName: '', voiceGroupId: '' },
    ]);
    const seats = listOf('seats');
    // What the export of the drilled list says of its Overview filters on its About sheet.
    const fileSays = (query: { equals?: { field: string; value: string | number | null }[]; seatGroup?: SeatGroupNamed }) =>
      queryInWords({ list: seats, query: { params: {}, ...query }, source: 'archive', rows: { scope: 'all' }, columns: seats.columns, zone }).find(
        (row) => row.label === m.export_words_overview_filters(),
      )?.value;
    const chipsOf = () =>
      new Map(
        byGroup.map((group) => {
          const drill = group.drill;
          if (drill === null) throw new Error(`no drill-down for ${group.key}`);
          const chips = drillChips(drillFiltersOf(drill), seats.columns).map((chip) => chip.text);
          expect(fileSays({ equals: drill.equals, seatGroup: drill.seatGroup }), group.key).toBe(chips.join(m.export_words_separator()));
          return [group.key, chips];
        }),
      );
    expect(chipsOf()).toEqual(
      new Map([
        ['10', ['Seat group: Sales (#10)']],
        ['11', ['Seat group: Sales (#11)']],
        ['12', ['Seat group: Group 12']],
        ['Support', ['Seat group: Support']],
        ['', ['Seat group: no group']],
      ]),
    );
    setCurrentLocale('zh-CN');
    try {
      expect(chipsOf()).toEqual(
        new Map([
          ['10', ['坐席组：Sales（#10）']],
          ['11', ['坐席组：Sales（#11）']],
          ['12', ['坐席组：坐席组 12']],
          ['Support', ['坐席组：Support']],
          ['', ['坐席组：无坐席组']],
        ]),
      );
    } finally {
      setCurrentLocale('en');
    }

    // A group named beside equals that are not its seats' is not said: the equals are.
    const sales10 = byGroup.find((group) => group.key === '10')?.drill?.seatGroup;
    expect(fileSays({ equals: [{ field: 'voiceGroupId', value: '11' }], seatGroup: sales10 })).toBe('Seat group id: 11');

    for (const group of byGroup) {
      const filters = drillFiltersOf(group.drill ?? { operation: 'seats', fromMs: 0, toMs: 1 });
      const [chip] = drillChips(filters, []);
      const left = withoutDrillFilter(filters, chip.which);
      expect(left.equals, group.key).toEqual([]);
      expect(drillChips(left, []), group.key).toEqual([]);
    }
  });
});
