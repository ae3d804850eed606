import { PlatformError, parameterError } from '../errors';
import type { SeatGroupSettings } from '../seat-group-store';
import type { RouteContext, RouteHandler } from './context';
import { serializeSeatGroupSettings } from './serialize';

/** The group, if it exists and belongs to the caller's workspace; -63 otherwise. */
export function ownSeatGroup(context: RouteContext, id: number): SeatGroupSettings {
  const settings = context.seatGroups.get(id);
  if (!settings) throw new PlatformError(-63, `workspace mismatch: no seat group ${id} in this workspace`);
  if (settings.workspace !== context.account.workspace) {
    throw new PlatformError(-63, `workspace mismatch: seat group ${id} belongs to another workspace`);
  }
  return settings;
}

export const seatGroupRead: RouteHandler = (context) => {
  const text = context.query.get('voiceGroupId');
  if (text === null || text === '') throw parameterError('voiceGroupId is required');
  if (!/^\d{1,15}$/.test(text)) throw parameterError('voiceGroupId must be an integer');
  const settings = ownSeatGroup(context, Number(text));
  // The platform's sample answers this one operation with a numeric status (quirk).
  return {
    status: context.quirks ? 0 : '0',
    reason: 'success',
    data: serializeSeatGroupSettings(settings, context.quirks),
  };
};
