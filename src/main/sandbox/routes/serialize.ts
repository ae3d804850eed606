import type { AxbBindingRecord, NumberCallRecord, SeatRecord } from '../data/types';
import type { SeatGroupSettings } from '../seat-group-store';

/**
 * Records are stored as the platform's samples show them (quirks on). With quirks off
 * they are served as the spec's field tables declare them instead.
 */

export function serializeSeat(seat: SeatRecord, quirks: boolean): unknown {
  if (quirks) return seat;
  const { sipGroupId, status, ...rest } = seat;
  return { ...rest, voiceGroupId: sipGroupId, status: Number(status) };
}

export function serializeNumberRecord(record: NumberCallRecord, quirks: boolean): unknown {
  return quirks ? record : { ...record, pay: Number(record.pay) };
}

export function serializeAxbBinding(record: AxbBindingRecord, quirks: boolean): unknown {
  return quirks ? record : { ...record, pnsNumberB: Number(record.pnsNumberB) };
}

export function serializeSeatGroupSettings(
  settings: SeatGroupSettings,
  quirks: boolean,
): Record<string, unknown> {
  const { voiceGroupId, workspace: _workspace, ...rest } = settings;
  return quirks ? { seatGroupId: voiceGroupId, ...rest } : { voiceGroupId, ...rest };
}
