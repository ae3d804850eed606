/**
 * Each screen declares its own shortcut (a list in its descriptor, the other screens in
 * the renderer's table): no two declare the same one, and a key press finds its screen
 * whatever the keyboard's layout does to the character.
 */
import { describe, expect, it } from 'vitest';
import {
  LIST_DESCRIPTORS,
  LISTS,
  shortcutClashes,
  shortcutLabel,
  shortcutOfKeys,
  shortcutsOf,
  type ShortcutKeys,
  type SomeList,
} from '../../../src/shared/operations';
import { SCREENS, screenClaims, screenOfShortcut } from '../../../src/renderer/src/lib/screens';
import { NEW_ID, NEW_SHORTCUT, NEW_SLUG } from './new-list-name';

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

  it('name a clash and the shortcuts still free, and open the first claimant only', () => {
    const clashing = { ...LISTS.numbers, id: NEW_ID, slug: NEW_SLUG, order: 65, shortcut: '1' } as SomeList;
    const claims = screenClaims([...LIST_DESCRIPTORS, clashing]);
    const [clash, ...others] = shortcutClashes(claims);
    expect(others).toEqual([]);
    expect(clash).toMatch(new RegExp(`^voice-records and ${NEW_SLUG} all declare the shortcut 1: give all but one another \\(free: .*${NEW_SHORTCUT.replace('+', '\\+')}.*\\) or null\\.$`));
    const shortcuts = shortcutsOf(claims);
    expect(shortcuts.get('voice-records')).toBe('1');
    expect(shortcuts.get(NEW_SLUG)).toBeNull();
  });

  it('open each the screen that declares it', () => {
    const claims = screenClaims(LIST_DESCRIPTORS);
    expect(SCREENS.map((screen) => screen.id)).toEqual(claims.map((claim) => claim.id));
    for (const { id, shortcut } of claims) {
      expect(SCREENS.find((screen) => screen.id === id)?.shortcut, id).toBe(shortcut);
      if (shortcut) expect(screenOfShortcut(shortcut)?.id).toBe(id);
    }
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
