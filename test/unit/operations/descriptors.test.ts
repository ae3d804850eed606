/** The registry's descriptors agree with themselves: ids, slugs, ids of rows, filters and columns. */
import { describe, expect, it } from 'vitest';
import { columnWidth, DEFAULT_COLUMN_WIDTH } from '../../../src/shared/columns';
import { LIST_OPERATIONS, listOf, type ListOperation, LISTS } from '../../../src/shared/operations';
import { CALL_STATUS_MISSING } from '../../../src/shared/platform';
import type { VoiceRecord } from '../../../src/shared/records';
import { parseTimeZone } from '../../../src/shared/time-zone';

describe('the list registry', () => {
  it('names each descriptor by its key, with unique slugs and paths', () => {
    for (const operation of LIST_OPERATIONS) {
      expect(LISTS[operation].id).toBe(operation);
      expect(LISTS[operation].endpoint.id).toBe(operation);
    }
    const lists = Object.values(LISTS);
    expect(new Set(lists.map((list) => list.slug)).size).toBe(lists.length);
    expect(new Set(lists.map((list) => list.endpoint.path)).size).toBe(lists.length);
  });

  it('gives every row time a column of its own list', () => {
    for (const list of Object.values(LISTS)) {
      if (list.rowTime) expect(list.columns.map((column) => column.key)).toContain(list.rowTime.key);
    }
  });

  it('gives every column a starting width, wider for long free text', () => {
    for (const list of Object.values(LISTS)) {
      for (const column of list.columns)
        expect(columnWidth(column), `${list.id}.${column.key}`).toBeGreaterThanOrEqual(DEFAULT_COLUMN_WIDTH);
    }
    const voice = new Map(LISTS.voiceRecords.columns.map((column) => [column.key, columnWidth(column)]));
    expect(voice.get('calledInfo')).toBeGreaterThan(voice.get('callee') ?? Infinity);
  });

  it('says why a voice record has no call status, for the detail panel', () => {
    const column = LISTS.voiceRecords.columns.find((candidate) => candidate.key === 'callStatus');
    expect(column?.missing).toBe(CALL_STATUS_MISSING);
    // The cutoff names its zone: a profile shown in another zone would read a bare time as its own.
    expect(CALL_STATUS_MISSING()).toBe('not recorded before 2025-12-10 10:00 (+08:00)');
    expect(CALL_STATUS_MISSING(undefined, { locale: 'zh-CN' })).toBe('2025-12-10 10:00（+08:00）之前未记录');
    expect(column?.get({ ...({} as VoiceRecord), callStatus: null })).toBeNull();
  });

  it('builds from each filter form params its own parser accepts', () => {
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const context = { zone, appId: '' };
    const defaultParams = <O extends ListOperation>(operation: O): object => {
      const { filter } = listOf(operation);
      return filter.toParams(filter.defaults(context), context).params;
    };
    for (const operation of LIST_OPERATIONS) {
      for (const key of Object.keys(defaultParams(operation))) {
        expect(Object.keys(LISTS[operation].paramKinds), `${operation}.${key}`).toContain(key);
      }
    }
  });
});
