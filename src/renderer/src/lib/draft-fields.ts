/** What a screen drawn from a list's descriptor can bind to in the list's filter draft. */
import type { FilterField } from '../../../shared/operations';
import type { WindowDraft } from '../../../shared/operations/filter-values';

export interface DraftTextField {
  key: string;
  field: FilterField;
}

type TextDraft = Record<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The draft of a windowed list: its period as wall-clock text. */
export function isWindowDraft(draft: unknown): draft is WindowDraft {
  return isRecord(draft) && typeof draft.from === 'string' && typeof draft.to === 'string';
}

/** The draft as text fields, when every field the descriptor names holds text. */
export function isTextDraft(draft: unknown, fields: readonly DraftTextField[]): draft is TextDraft {
  return isRecord(draft) && fields.every(({ key }) => typeof draft[key] === 'string');
}

/** The fields a descriptor names for its form, in its order. */
export function textFieldsOf(fields: Readonly<Record<string, FilterField | undefined>> | undefined): DraftTextField[] {
  return Object.entries(fields ?? {}).flatMap(([key, field]) => (field ? [{ key, field }] : []));
}
