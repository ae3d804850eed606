/**
 * Each screen declares its own shortcut (a list in its descriptor, the other screens in
 * the renderer's table): no two declare the same one, every screen but Accounts has one,
 * and a key press finds its screen whatever the keyboard's layout does to the character.
 */
import { describe, expect, it } from 'vitest';
import {
  assignShortcuts,
  LIST_DESCRIPTORS,
  LISTS,
  shortcutClashes,
  shortcutLabel,
  shortcutOfKeys,
  type ShortcutKeys,
  type SomeList,
} from '../../../src/shared/operations';
import { SCREENS, screenClaims, screenOfShortcut } from '../../../src/renderer/src/lib/screens';

const keys = (pressed: Partial<ShortcutKeys>): ShortcutKeys => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...pressed,
});

describe('screen shortcuts', () => {
  it('are declared by no two screens alike', () => {
    expect(shortcutClashes(screenClaims(LIST_DESCRIPTORS))).toEqual([]);
  });

  it('name a clash, and leave the first claimant its shortcut', () => {
    const clashing = { ...LISTS.numbers, id: 'numberGroups', slug: 'number-groups', order: 65, shortcut: '1' } as SomeList;
    const claims = screenClaims([...LIST_DESCRIPTORS, clashing]);
    expect(shortcutClashes(claims)).toEqual([
      'voice-records and number-groups both declare the shortcut 1: give all but one another (or none).',
    ]);
    const assigned = assignShortcuts(claims);
    expect(assigned.get('voice-records')).toBe('1');
    expect(assigned.get('number-groups')).not.toBe('1');
  });

  it('open every screen but Accounts, each its own, as each screen declares', () => {
    const shown = SCREENS.filter((screen) => screen.shortcut !== null);
    expect(SCREENS.filter((screen) => screen.shortcut === null).map((screen) => screen.id)).toEqual(['accounts']);
    expect(new Set(shown.map((screen) => screen.shortcut)).size).toBe(shown.length);
    for (const screen of shown) expect(screenOfShortcut(screen.shortcut ?? '1')?.id).toBe(screen.id);
    const declared = new Map(screenClaims(LIST_DESCRIPTORS).map((claim) => [claim.id, claim.shortcut]));
    for (const screen of SCREENS) if (declared.get(screen.id) !== undefined) expect(screen.shortcut, screen.id).toBe(declared.get(screen.id));
  });

  it('give a screen that declares none the first shortcut nobody declares, and one that declares null none', () => {
    const assigned = assignShortcuts([{ id: 'a', shortcut: '2' }, { id: 'b' }, { id: 'c', shortcut: '1' }, { id: 'd', shortcut: null }, { id: 'e' }]);
    expect(Object.fromEntries(assigned)).toEqual({ a: '2', b: '3', c: '1', d: null, e: '4' });
  });

  it('are read from Ctrl or Cmd with a digit, by the key or its place on the keyboard', () => {
    expect(shortcutOfKeys(keys({ ctrlKey: true, key: '1', code: 'Digit1' }))).toBe('1');
    expect(shortcutOfKeys(keys({ metaKey: true, key: '0', code: 'Digit0' }))).toBe('0');
    expect(shortcutOfKeys(keys({ ctrlKey: true, key: '7', code: 'Numpad7' }))).toBe('7');
    // AZERTY: the 1 key gives "&" unshifted.
    expect(shortcutOfKeys(keys({ ctrlKey: true, key: '&', code: 'Digit1' }))).toBe('1');
    expect(shortcutOfKeys(keys({ ctrlKey: true, shiftKey: true, key: '!', code: 'Digit1' }))).toBe('Shift+1');
    expect(shortcutOfKeys(keys({ key: '1', code: 'Digit1' }))).toBeNull();
    expect(shortcutOfKeys(keys({ ctrlKey: true, altKey: true, key: '1', code: 'Digit1' }))).toBeNull();
    expect(shortcutOfKeys(keys({ ctrlKey: true, key: 's', code: 'KeyS' }))).toBeNull();
  });

  it('are labelled as the platform writes them', () => {
    expect(shortcutLabel('1', false)).toBe('Ctrl+1');
    expect(shortcutLabel('Shift+0', false)).toBe('Ctrl+Shift+0');
    expect(shortcutLabel('1', true)).toBe('⌘1');
    expect(shortcutLabel('Shift+0', true)).toBe('⇧⌘0');
  });
});
