import { parseArgs, type ParseArgsConfig } from 'node:util';
import { m } from '../../shared/i18n';
import { UsageError } from './command';

type Options = NonNullable<ParseArgsConfig['options']>;

type StrictConfig<O extends Options> = {
  args: string[];
  options: O;
  strict: true;
  allowPositionals: true;
  tokens: true;
};

type Parsed<O extends Options> = ReturnType<typeof parseArgs<StrictConfig<O>>>;

/**
 * node:util parseArgs, with its errors turned into usage errors (exit 2). A single-value
 * option given twice is refused too: parseArgs would take the last one without a word.
 */
export function parseCliArgs<O extends Options>(args: string[], options: O): Omit<Parsed<O>, 'tokens'> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? parseErrorText(error) : String(error));
  }
  const { tokens, ...result } = parsed;
  refuseRepeated(tokens, options);
  return result;
}

function refuseRepeated(tokens: Parsed<Options>['tokens'], options: Options): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.value === undefined || options[token.name]?.multiple === true) continue;
    if (seen.has(token.name)) throw new UsageError(m.cli_args_repeated({ option: `--${token.name}` }));
    seen.add(token.name);
  }
}

/**
 * A whole number as the options that take one want it: plain digits (and a leading minus
 * where `negative` allows one), never `1e1`, `3.0`, ` 3`, `+3`, `0x3` or nothing, which
 * Number() would read; null when the text is not one.
 */
export function plainWholeNumber(text: string, { negative = false }: { negative?: boolean } = {}): number | null {
  if (!(negative ? /^-?\d+$/ : /^\d+$/).test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
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
  const port = plainWholeNumber(value);
  if (port === null || port > 65535) {
    throw new UsageError(m.cli_port_invalid({ value }));
  }
  return port;
}
