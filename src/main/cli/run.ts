import { browserCommand } from './browser-command';
import { exportCommand } from './export-command';
import { reportCommand } from './report-command';
import { sandboxCommand } from './sandbox-command';
import { syncCommand } from './sync-command';
import { UsageError, type CliCommand, type CliIo } from './command';

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

export function overview(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(10)} ${command.summary}`);
  return ['Usage: switchboard <command> [options]', '', 'Commands:', ...lines].join('\n');
}

export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${overview()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    io.err(`switchboard ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
