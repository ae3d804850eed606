/**
 * The name and shortcut of a list the tree does not have, for tests that add one: the README's
 * example, `number-groups`, unless a list of that name was added since (then `number-groups-2`, ...).
 */
import { LIST_DESCRIPTORS, type Shortcut, SHORTCUTS } from '../../../src/shared/operations';
import { screenClaims } from '../../../src/renderer/src/lib/screens';

const taken = new Set(LIST_DESCRIPTORS.map((list) => list.slug));
let slug = 'number-groups';
for (let n = 2; taken.has(slug); n++) slug = `number-groups-${n}`;

/** `number-groups`: the file name, the screen's and the CLI's name. */
export const NEW_SLUG = slug;
/** `numberGroups`: the descriptor's id and export. */
export const NEW_ID = slug.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** `NumberGroups`: a file name that breaks the naming rule. */
export const NEW_PASCAL = NEW_ID.charAt(0).toUpperCase() + NEW_ID.slice(1);

/** The first shortcut no screen declares yet, for the new list to declare. */
export const NEW_SHORTCUT: Shortcut =
  SHORTCUTS.find((shortcut) => !screenClaims(LIST_DESCRIPTORS).some((screen) => screen.shortcut === shortcut)) ?? 'Shift+0';
