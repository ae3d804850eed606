/**
 * The sidebar's keyboard shortcuts. Each screen declares its own (a list in its descriptor,
 * the other screens in the renderer's screen table), so a new screen never moves another's.
 */
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;
type ShortcutDigit = (typeof DIGITS)[number];

/** Ctrl/Cmd and a digit (`'1'`), or Ctrl/Cmd, Shift and a digit (`'Shift+1'`). */
export type Shortcut = ShortcutDigit | `Shift+${ShortcutDigit}`;

/** Every shortcut there is, in order. */
export const SHORTCUTS: readonly Shortcut[] = [...DIGITS, ...DIGITS.map((digit): Shortcut => `Shift+${digit}`)];

export interface ShortcutClaim {
  id: string;
  /** Its own shortcut, or null for none. */
  shortcut: Shortcut | null;
}

/** Each screen's shortcut by id. One declared twice opens the first of them only (the shortcuts test names the clash). */
export function shortcutsOf(screens: readonly ShortcutClaim[]): Map<string, Shortcut | null> {
  const taken = new Set<Shortcut>();
  const shortcuts = new Map<string, Shortcut | null>();
  for (const { id, shortcut } of screens) {
    const own = shortcut !== null && !taken.has(shortcut) ? shortcut : null;
    if (own) taken.add(own);
    shortcuts.set(id, own);
  }
  return shortcuts;
}

/** One message per shortcut more than one screen declares, naming them and the shortcuts still free. */
export function shortcutClashes(screens: readonly ShortcutClaim[]): string[] {
  const owners = new Map<Shortcut, string[]>();
  for (const { id, shortcut } of screens) if (shortcut) owners.set(shortcut, [...(owners.get(shortcut) ?? []), id]);
  const free = SHORTCUTS.filter((shortcut) => !owners.has(shortcut));
  return [...owners]
    .filter(([, ids]) => ids.length > 1)
    .map(
      ([shortcut, ids]) =>
        `${ids.join(' and ')} all declare the shortcut ${shortcut}: give all but one another (free: ${free.join(', ') || 'none'}) or null.`,
    );
}

/** As the sidebar shows it: `Ctrl+Shift+1`, or `⇧⌘1` on a Mac. */
export function shortcutLabel(shortcut: Shortcut, mac: boolean): string {
  const shifted = shortcut.startsWith('Shift+');
  const digit = shifted ? shortcut.slice('Shift+'.length) : shortcut;
  if (mac) return `${shifted ? '⇧' : ''}⌘${digit}`;
  return `Ctrl+${shifted ? 'Shift+' : ''}${digit}`;
}

export interface ShortcutKeys {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The shortcut a key press makes, or null. The digit is read from the key's place (`Digit1`,
 * `Numpad1`) as well as its character, since Shift (and some layouts) change the character.
 */
export function shortcutOfKeys(keys: ShortcutKeys): Shortcut | null {
  if (!(keys.ctrlKey || keys.metaKey) || keys.altKey) return null;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(keys.code)?.[1] ?? (/^[0-9]$/.test(keys.key) ? keys.key : null);
  if (digit === null) return null;
  const shortcut = keys.shiftKey ? `Shift+${digit}` : digit;
  return SHORTCUTS.find((candidate) => candidate === shortcut) ?? null;
}
