/**
 * What to say, as data: a message of the shared catalog and its inputs, worded where it is
 * shown, in the language on show there. Main sends this beside its text (a job's error, a
 * job's title) so a screen words it again after a language switch; the text stays as the
 * fallback for what the catalog did not word.
 */
import * as messages from './paraglide/messages/_index.js';

/** The name of a message in the catalog. */
export type MessageKey = {
  [K in keyof typeof messages]: (typeof messages)[K] extends (...args: never[]) => string ? K : never;
}[keyof typeof messages];

/** A message and its inputs; an input may itself be a message (worded in the same language). */
export interface Said {
  key: MessageKey;
  params?: Record<string, string | number | Said>;
}

type Wording = (inputs: Record<string, unknown>) => string;

/** The message worded in the current language. */
export function say(said: Said): string {
  const inputs: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(said.params ?? {})) inputs[name] = typeof value === 'object' ? say(value) : value;
  return (messages[said.key] as Wording)(inputs);
}

/** A message and the text it words now: the pair an error or a job carries (`said` beside its `message`). */
export function worded(said: Said): { message: string; said: Said } {
  return { message: say(said), said };
}
