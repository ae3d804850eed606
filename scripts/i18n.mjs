// Compiles the interface's messages (src/shared/i18n/messages/<locale>.json, one file per
// language) into typed message functions with Paraglide JS, in src/shared/i18n/paraglide
// (not committed, like the list registries). Also writes the pseudo-locale (en-XA): every
// English message 40 % longer and accented, so a test can find text that would be clipped
// in a longer language. Skipped when no message file changed since the last compile.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const I18N = join(root, 'src/shared/i18n');
const PROJECT = join(I18N, 'project.inlang');
const OUTDIR = join(I18N, 'paraglide');
const STAMP = join(OUTDIR, '.stamp');
export const PSEUDO_LOCALE = 'en-XA';

/** The message folders the project reads (the pathPattern list of settings.json). */
function messageFolders() {
  const settings = JSON.parse(readFileSync(join(PROJECT, 'settings.json'), 'utf8'));
  const patterns = [settings['plugin.inlang.messageFormat'].pathPattern].flat();
  return patterns.map((pattern) => dirname(join(PROJECT, '..', pattern.replace(/^\.\//, ''))));
}

const ACCENTED = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Û',
  C: 'Ç',
  N: 'Ñ',
};

/** One English pattern made pseudo: letters accented outside {placeholders}, then padded to 140 %. */
export function pseudoText(text) {
  const accented = text.replace(
    /(\{[^}]*\})|([A-Za-z])/g,
    (whole, placeholder, letter) => placeholder ?? ACCENTED[letter] ?? letter,
  );
  const visible = text.replace(/\{[^}]*\}/g, '').length;
  const padding = Math.ceil(visible * 0.4);
  if (padding === 0) return accented;
  // Padding in short words, as a longer language has them: one unbreakable run would test nothing real.
  const dots = '·'.repeat(Math.max(padding - 1, 0)).match(/·{1,4}/g) ?? [];
  return [accented, ...dots].join(' ');
}

function pseudoValue(value) {
  if (typeof value === 'string') return pseudoText(value);
  if (Array.isArray(value)) return value.map(pseudoValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'declarations' || key === 'selectors' ? inner : pseudoValue(inner),
      ]),
    );
  }
  return value;
}

function writePseudo(folder) {
  const english = JSON.parse(readFileSync(join(folder, 'en.json'), 'utf8'));
  const pseudo = Object.fromEntries(
    Object.entries(english).map(([key, value]) => [key, key === '$schema' ? value : pseudoValue(value)]),
  );
  const text = `${JSON.stringify(pseudo, null, 2)}\n`;
  const path = join(folder, `${PSEUDO_LOCALE}.json`);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}

function stampOf(folders) {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(PROJECT, 'settings.json')));
  for (const folder of folders) {
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      hash.update(file);
      hash.update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest('hex');
}

export async function compileMessages({ force = false } = {}) {
  const folders = messageFolders();
  for (const folder of folders) writePseudo(folder);
  const stamp = stampOf(folders);
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp) return false;
  const { compile } = await import('@inlang/paraglide-js');
  await compile({
    project: PROJECT,
    outdir: OUTDIR,
    // The app sets the locale itself (Settings, the system's languages, --lang): no cookies, no URLs.
    strategy: ['globalVariable', 'baseLocale'],
    // One module per language, not one per message: a fresh test worker or import thread
    // loads four files instead of 1,700 (0.26 s against 2 s), and the renderer uses most
    // messages anyway.
    outputStructure: 'locale-modules',
    emitTsDeclarations: true,
    emitGitIgnore: false,
    emitReadme: false,
    emitPrettierIgnore: false,
  });
  mkdirSync(OUTDIR, { recursive: true });
  writeFileSync(STAMP, stamp);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  compileMessages({ force: process.argv.includes('--force') }).then(
    // The inlang SDK leaves a handle open for half a minute after compiling: leave at once.
    (compiled) => {
      if (compiled) console.log('Messages compiled.');
      process.exit(0);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
