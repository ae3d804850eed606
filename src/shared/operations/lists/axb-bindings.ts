import { type Column, id, phone, time } from '../../columns';
import { normaliseAxbBinding, AXB_BINDING_SCHEMA } from '../../normalise';
import type { AxbBindingRecord } from '../../records';
import type { AppFilterParams } from '../../requests';
import { checkAppParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { appForm, type AppDraft } from '../filter-values';

const columns: Column<AxbBindingRecord>[] = [
  id('bindId', 'Binding id', (r) => r.bindId),
  phone('phoneA', 'Number A', (r) => r.phoneA),
  phone('phoneB', 'Number B', (r) => r.phoneB),
  phone('pnsNumberA', 'Middle number (A sees)', (r) => r.pnsNumberA),
  phone('pnsNumberB', 'Middle number (B sees)', (r) => r.pnsNumberB),
  time('expireTime', 'Expires', (r) => r.expireTime),
];

export const axbBindings: ListDescriptor<AppFilterParams, AxbBindingRecord, AxbBindingRecord, AppDraft> = {
  id: 'axbBindings',
  slug: 'axb-bindings',
  order: 70,
  group: 'Numbers',
  shortcut: '8',
  blurb: 'Number-masking binding relations.',
  endpoint: {
    id: 'axbBindings',
    path: '/v3/number/pns/queryBindPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -29, -30, -31],
    title: 'AXB bindings',
  },
  paramKinds: { appId: 'text' },
  window: null,
  pageDefaults: null,
  checkParams: checkAppParams,
  normalise: normaliseAxbBinding,
  fields: AXB_BINDING_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: (record) => record,
  columns,
  rowId: (row) => row.bindId,
  rowTime: null,
  filter: appForm('bindings'),
};
