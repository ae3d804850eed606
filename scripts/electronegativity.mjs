// Electronegativity over the sources and the built page, failing on any finding that
// security/electronegativity.json does not justify.
//   node scripts/electronegativity.mjs [--built <folder>] [--config <file>]
//   (defaults: out, security/electronegativity.json)
// Scanned: src/ (main, preload, shared, renderer .ts; the tool does not read .svelte)
// and the built renderer's index.html (the CSP that ships). The tool is run through
// its library entry with `got` replaced by an offline stub, because it otherwise
// fetches translations and Electron's release list from the internet.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function argument(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

/** Loads the tool with every network call refused at once (no waiting on time-outs). */
function loadElectronegativity() {
  // A 404 answer: the tool keeps its bundled English texts without a "could not retrieve" line.
  const offline = () => Promise.resolve({ statusCode: 404, body: '' });
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'got') return Object.assign(offline, { default: offline });
    return load.call(this, request, ...rest);
  };
  // The tool fetches its translations for $LANG; English ones ship with it.
  process.env.LANG = 'en-US';
  const require = createRequire(import.meta.url);
  const runner = require('@doyensec/electronegativity/dist/runner.js');
  return runner.default ?? runner;
}

function electronVersion() {
  const require = createRequire(import.meta.url);
  try {
    return require('electron/package.json').version;
  } catch {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    return String(pkg.devDependencies.electron).replace(/^[^\d]*/, '');
  }
}

/** A scratch copy laid out like the repository, so findings name repository paths. */
function stageInput(builtDir) {
  const stage = mkdtempSync(join(tmpdir(), 'switchboard-electronegativity-'));
  cpSync(join(root, 'src'), join(stage, 'src'), { recursive: true });
  mkdirSync(join(stage, 'out', 'renderer'), { recursive: true });
  cpSync(join(builtDir, 'renderer', 'index.html'), join(stage, 'out', 'renderer', 'index.html'));
  return stage;
}

function repoPath(stage, file) {
  return file === 'N/A' ? 'N/A' : relative(stage, file).split(sep).join('/');
}

/** Findings beyond what the config accepts, and accepted entries no longer found. */
export function judge(findings, accepted) {
  const byKey = new Map();
  for (const finding of findings) {
    const key = `${finding.check} ${finding.file}`;
    byKey.set(key, [...(byKey.get(key) ?? []), finding]);
  }
  const unjustified = [];
  const stale = [];
  for (const [key, group] of byKey) {
    const entry = accepted.find((a) => `${a.check} ${a.file}` === key);
    const allowed = entry?.count ?? 0;
    if (group.length > allowed) unjustified.push(...group.slice(allowed));
  }
  for (const entry of accepted) {
    const found = byKey.get(`${entry.check} ${entry.file}`)?.length ?? 0;
    if (found < entry.count) stale.push({ ...entry, found });
  }
  return { unjustified, stale };
}

async function main() {
  const configFile = resolve(root, argument('--config', 'security/electronegativity.json'));
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const builtDir = resolve(root, argument('--built', 'out'));
  const excluded = Object.keys(config.excludedChecks ?? {});
  const accepted = config.accepted ?? [];
  for (const entry of accepted) {
    if (!entry.reason || !entry.check || !entry.file || !Number.isInteger(entry.count)) {
      throw new Error(`security/electronegativity.json: every accepted finding needs check, file, count and reason: ${JSON.stringify(entry)}`);
    }
  }

  const run = loadElectronegativity();
  const stage = stageInput(builtDir);
  let result;
  try {
    result = await run(
      {
        input: stage,
        electronVersionOverride: electronVersion(),
        customScan: [],
        excludeFromScan: excluded.map((check) => check.toLowerCase()),
        parserPlugins: [],
      },
      false,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }

  const findings = result.issues.map((issue) => ({
    check: issue.id,
    file: repoPath(stage, issue.file),
    line: `${issue.location.line}:${issue.location.column}`,
    severity: issue.severity.name,
    confidence: issue.confidence.name,
    description: issue.description,
  }));
  const parseFailures = result.errors.filter((error) => !error.tolerable);
  const { unjustified, stale } = judge(findings, accepted);

  console.log(`electronegativity: ${result.globalChecks + result.atomicChecks} checks (${excluded.length} left out) over src/ and ${relative(root, builtDir) || '.'}/renderer/index.html`);
  for (const finding of findings) {
    const mark = unjustified.includes(finding) ? 'UNJUSTIFIED' : 'accepted';
    console.log(`  ${mark.padEnd(11)} ${finding.check} ${finding.file}:${finding.line} [${finding.severity}/${finding.confidence}] ${finding.description}`);
  }
  for (const error of result.errors) {
    console.log(`  ${error.tolerable ? 'warning' : 'NOT SCANNED'} ${repoPath(stage, error.file)}: ${error.message}`);
  }
  for (const entry of stale) {
    console.log(`  note: ${entry.check} in ${entry.file} is accepted ${entry.count} time(s) but found ${entry.found}: tidy security/electronegativity.json`);
  }
  const failures = unjustified.length + parseFailures.length;
  console.log(
    failures === 0
      ? `electronegativity: ${findings.length} finding(s), all justified in security/electronegativity.json`
      : `electronegativity: ${unjustified.length} unjustified finding(s), ${parseFailures.length} file(s) it could not read`,
  );
  return failures === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`electronegativity could not run: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}
