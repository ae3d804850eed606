import { browserCommand } from './browser-command';
import { exportCommand } from './export-command';
import { reportCommand } from './report-command';
import { sandboxCommand } from './sandbox-command';
import { syncCommand } from './sync-command';
import { UsageError, type CliCommand, type CliIo } from './command';
import { LANGUAGES, languageOfEnvironment, m, setCurrentLocale, type Language } from '../../shared/i18n';

const commands: Record<string, CliCommand> = {
  browser: browserCommand,
  export: exportCommand,
  report: reportCommand,
  sandbox: sandboxCommand,
  sync: syncCommand,
};

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

const LANGUAGE_CHOICES = LANGUAGES.map(({ locale }) => locale).join('|');

export function overview(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(10)} ${command.summary()}`);
  return [
    m.cli_overview_usage(),
    '',
    m.cli_overview_commands(),
    ...lines,
    '',
    m.cli_overview_options(),
    `  --lang ${LANGUAGE_CHOICES}`.padEnd(24) + m.cli_overview_lang(),
  ].join('\n');
}

/** What --lang asks for, taken out of the arguments (it may stand anywhere before `--`). */
interface LanguageChoice {
  rest: string[];
  /** The value typed, or undefined when --lang is not given; null when it has no value. */
  asked: string | null | undefined;
  /** --lang was given more than once (refused, as any single-value option is). */
  repeated: boolean;
}

function takeLanguage(argv: readonly string[]): LanguageChoice {
  const rest: string[] = [];
  let asked: string | null | undefined;
  let repeated = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--') {
      rest.push(...argv.slice(index));
      break;
    }
    if (arg !== '--lang' && !arg.startsWith('--lang=')) {
      rest.push(arg);
      continue;
    }
    repeated ||= asked !== undefined;
    if (arg === '--lang') {
      const value = argv[index + 1];
      asked = value === undefined || value.startsWith('--') ? null : value;
      if (asked !== null) index += 1;
    } else {
      asked = arg.slice('--lang='.length);
    }
  }
  return { rest, asked, repeated };
}

function languageNamed(value: string): Language | null {
  return LANGUAGES.find(({ locale }) => locale === value)?.locale ?? null;
}

/**
 * Runs one command line. The language of everything it prints (and of the files it writes)
 * is --lang's, else the environment's (LC_ALL, LC_MESSAGES, LANG), set before anything runs.
 */
export async function runCli(
  argv: string[],
  io: CliIo = processIo,
  env: NodeJS.ProcessEnv = process.env,
  /** Told the command about to run (the process entry tunes the runtime for it; tests run commands in-process and pass none). */
  beforeRun: (command: CliCommand) => void = () => {},
): Promise<number> {
  const { rest, asked, repeated } = takeLanguage(argv);
  const language = asked === undefined || asked === null || repeated ? null : languageNamed(asked);
  setCurrentLocale(language ?? languageOfEnvironment(env));
  const [name, ...args] = rest;
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (repeated) {
    io.err(`${m.cli_args_repeated({ option: '--lang' })}\n\n${command ? command.usage() : overview()}`);
    return 2;
  }
  if (asked !== undefined && language === null) {
    const choices = LANGUAGES.map(({ locale, name: languageName }) => `${locale} (${languageName})`).join(m.cli_list_separator());
    const problem = asked === null ? m.cli_lang_missing({ choices }) : m.cli_lang_unknown({ value: asked, choices });
    io.err(`${problem}\n\n${command ? command.usage() : overview()}`);
    return 2;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? 2 : 0;
  }
  if (!command) {
    io.err(`${m.cli_unknown_command({ name })}\n\n${overview()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(command.usage());
    return 0;
  }
  try {
    beforeRun(command);
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage()}`);
      return 2;
    }
    io.err(m.cli_command_failed({ name, message: error instanceof Error ? error.message : String(error) }));
    return 1;
  }
}
