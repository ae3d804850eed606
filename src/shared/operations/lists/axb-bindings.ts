import { m } from '../../i18n';
import { type Column, id, phone, time } from '../../columns';
import { normaliseAxbBinding, AXB_BINDING_SCHEMA } from '../../normalise';
import type { AxbBindingRecord } from '../../records';
import type { AppFilterParams } from '../../requests';
import { checkAppParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { appForm, type AppDraft } from '../filter-values';

const columns: Column<AxbBindingRecord>[] = [
  id('bindId', m.lists_axb_bind_id, (r) => r.bindId),
  phone('phoneA', m.lists_axb_phone_a, (r) => r.phoneA),
  phone('phoneB', m.lists_axb_phone_b, (r) => r.phoneB),
  phone('pnsNumberA', m.lists_axb_pns_number_a, (r) => r.pnsNumberA),
  phone('pnsNumberB', m.lists_axb_pns_number_b, (r) => r.pnsNumberB),
  time('expireTime', m.lists_axb_expire_time, (r) => r.expireTime),
];

export const axbBindings: ListDescriptor<AppFilterParams, AxbBindingRecord, AxbBindingRecord, AppDraft> = {
  id: 'axbBindings',
  slug: 'axb-bindings',
  order: 70,
  group: 'Numbers',
  shortcut: '8',
  blurb: m.lists_axb_blurb,
  endpoint: {
    id: 'axbBindings',
    path: '/v3/number/pns/queryBindPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -29, -30, -31],
    title: m.lists_axb_title,
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
  filter: appForm(m.lists_axb_app_hint),
};
