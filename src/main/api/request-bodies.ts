/** The platform's wire shapes of validated requests (ids as numbers, lists as comma text, nothing empty sent). */
import type {
  IntegerId,
  MmsSendRequest,
  PageRequest,
  SeatGroupEditRequest,
  SeatGroupReadRequest,
} from '../../shared/requests';
import type { ParamKind } from '../../shared/operations';
import { splitList } from '../../shared/validation';

type Wire = Record<string, unknown>;

/** Validated ids are safe whole numbers given as numbers or digit text; the platform wants numbers. */
function idNumber(id: IntegerId): number {
  return typeof id === 'number' ? id : Number(id.trim());
}

function isId(value: unknown): value is IntegerId {
  return typeof value === 'number' || typeof value === 'string';
}

/** Drops absent filters and sends the fields the descriptor calls integers as numbers. */
function wireParams(kinds: Readonly<Record<string, ParamKind>>, params: object): Wire {
  const out: Wire = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    const kind = kinds[key];
    if (kind === 'integer' && isId(value)) out[key] = idNumber(value);
    else if (kind === 'integers' && Array.isArray(value))
      out[key] = value.map((id: unknown) => (isId(id) ? idNumber(id) : id));
    else if (typeof value === 'string') out[key] = value.trim();
    else out[key] = value;
  }
  return out;
}

/** A checked page request: current and size are always sent (the voice query may not send them empty). */
export function pagedBody(kinds: Readonly<Record<string, ParamKind>>, request: PageRequest<object>): Wire {
  return { current: request.current, size: request.size, params: wireParams(kinds, request.params) };
}

export function seatGroupReadQuery(request: SeatGroupReadRequest): Record<string, string> {
  return { voiceGroupId: String(idNumber(request.voiceGroupId)) };
}

/** Left-out settings are cleared by the platform; explicit nulls are sent as null. */
export function seatGroupEditBody(request: SeatGroupEditRequest): Wire {
  const body: Wire = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined) continue;
    body[key] = key === 'voiceGroupId' && isId(value) ? idNumber(value) : value;
  }
  return body;
}

export function mmsSendBody(request: MmsSendRequest): Wire {
  const body: Wire = {
    appId: request.appId.trim(),
    numbers: joinList(request.numbers),
    content: request.content,
    mmsType: request.mmsType,
  };
  if (request.mmsFiles !== undefined) {
    const files = joinList(request.mmsFiles);
    if (files !== '') body.mmsFiles = files;
  }
  if (request.mmsTitle !== undefined && request.mmsTitle !== '') body.mmsTitle = request.mmsTitle;
  return body;
}

function joinList(value: string | string[]): string {
  return splitList(value)
    .filter((item) => item !== '')
    .join(',');
}
