import { parseArgs, type ParseArgsConfig } from 'node:util';
import { m } from '../../shared/i18n';
import { UsageError } from './command';

type StrictConfig<O extends NonNullable<ParseArgsConfig['options']>> = {
  args: string[];
  options: O;
  strict: true;
  allowPositionals: true;
};

/** node:util parseArgs, with its errors turned into usage errors (exit 2). */
export function parseCliArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
): ReturnType<typeof parseArgs<StrictConfig<O>>> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? parseErrorText(error) : String(error));
  }
}

/** Node's words for the three ways parseArgs refuses, as patterns of the current language. */
const PARSE_ERRORS: readonly { pattern: RegExp; message: (inputs: { option: string }) => string }[] = [
  { pattern: /^Unknown option '([^']+)'$/, message: m.cli_args_unknown_option },
  {
    pattern: /^Unknown option '([^']+)'\. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "\1"$/,
    message: m.cli_args_unknown_option_positional,
  },
  { pattern: /^Option '(--?[\w-]+) <value>' argument missing$/, message: m.cli_args_value_missing },
  { pattern: /^Option '(--?[\w-]+)' does not take an argument$/, message: m.cli_args_takes_no_value },
];

/** parseArgs' refusal in the current language; Node's own words when they are not ones known. */
function parseErrorText(error: Error): string {
  for (const { pattern, message } of PARSE_ERRORS) {
    const option = pattern.exec(error.message)?.[1];
    if (option !== undefined) return message({ option });
  }
  return error.message;
}

export function portOption(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(m.cli_port_invalid({ value }));
  }
  return port;
}
