import { settingsPatchSchema as sandboxSettingsSchema } from '../sandbox/settings';
import {
  describeBounds,
  settingBounds,
  withinBounds,
  type NumberBounds,
} from '../../shared/settings-bounds';
import { readNumberText } from '../../shared/number-text';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { shown } from './escape-text';
import { UsageError } from './io';
import { describeArgumentError } from './suggest';
import { globalOptions } from './verbosity';

/** What a flag's value is, in the words of "--resume needs a batch ID". */
const valueNames: Record<string, string> = {
  resume: 'a batch ID',
  batch: 'a batch ID',
  output: 'a file name (or - for standard output)',
  html: 'a file name',
  'data-dir': 'a folder',
  sheet: 'a sheet name',
  env: 'an environment name',
  'base-url': 'an address',
  format: 'a format',
  username: 'a user name',
  'session-id': 'a session ID',
  'external-id': 'an external ID',
  cpf: 'a CPF',
  email: 'an e-mail address',
  phone: 'a phone number',
  zip: 'a CEP',
  separator: 'a separator',
  'id-column': 'a column',
  'outcome-column': 'a column',
  suspeito: 'include or exclude',
  unreviewed: 'include or exclude',
};

/** A negative number given as a flag's value: `--rate -5` means the value -5, said out of range. */
const negativeNumber = /^-(\d|\.\d)/;

/**
 * `node:util` parseArgs, but a flag that takes a value reads a negative number after it as that
 * value (parseArgs calls it ambiguous and the message said the flag "takes no value"), and a flag
 * followed by another flag, or by nothing, is said to need its value, by name.
 */
export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  const options = config.options ?? {};
  const takesValue = (arg: string): string | null => {
    const long = /^--([^=]+)$/.exec(arg)?.[1];
    const name =
      long ??
      (/^-[^-]$/.test(arg)
        ? Object.keys(options).find((key) => options[key]?.short === arg.slice(1))
        : undefined);
    return name !== undefined && options[name]?.type === 'string' ? name : null;
  };
  const given = config.args ?? [];
  const args: string[] = [];
  for (let index = 0; index < given.length; index += 1) {
    const arg = given[index] ?? '';
    args.push(arg);
    // After `--` every argument is a positional, flags included.
    if (arg === '--') {
      args.push(...given.slice(index + 1));
      break;
    }
    const name = takesValue(arg);
    if (name === null) continue;
    const next = given[index + 1];
    const needs = `--${name} needs ${valueNames[name] ?? 'a number'}`;
    if (next === undefined) throw new UsageError(`${needs}.`);
    if (negativeNumber.test(next)) {
      args[args.length - 1] = `--${name}=${next}`;
      index += 1;
    } else if (next.startsWith('-') && next !== '-')
      throw new UsageError(`${needs}; it was followed by ${next}.`);
  }
  const parsed = parseArgsSaid({ ...config, args, tokens: true });
  refuseRepeatedOrEmpty(parsed.tokens ?? [], options);
  // `dcdesk bulk "$FILE"` with FILE unset: "Cannot read : no such file" would blame the disk.
  if ((parsed.positionals as string[]).includes(''))
    throw new UsageError(
      'An argument was given empty (a shell variable that is not set?): give what it stands for, such as the file.',
    );
  const { tokens: _tokens, ...result } = parsed;
  return result as ReturnType<typeof parseArgs<T>>;
}

/** `node:util` parseArgs, its errors said in the command line's words against these options. */
function parseArgsSaid<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (caught) {
    const code = (caught as { code?: unknown } | null)?.code;
    if (
      !(caught instanceof Error) ||
      typeof code !== 'string' ||
      !code.startsWith('ERR_PARSE_ARGS')
    )
      throw caught;
    const names = Object.keys(config.options ?? {}).map((name) => `--${name}`);
    throw new UsageError(describeArgumentError(code, caught.message, [...names, ...globalOptions]));
  }
}

/** What parseArgs says of each argument, as far as these checks read it. */
interface ArgToken {
  kind: string;
  name?: string;
  value?: string;
}

/** Options holding a customer's data: their values are never repeated in a message. */
const privateOptions = new Set(['cpf', 'email', 'phone', 'zip']);

/**
 * An option that takes one value given twice (`--phone A --phone B`, `--concurrency 4
 * --concurrency 9`) is a mistake parseArgs settles silently with the last; one given empty
 * (`--batch=`, `--data-dir ""`) would read as absent or as a name nothing has. Both are refused.
 * Options declared `multiple` may repeat.
 */
function refuseRepeatedOrEmpty(
  tokens: readonly ArgToken[],
  options: NonNullable<ParseArgsConfig['options']>,
): void {
  const seen = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined || token.value === undefined) continue;
    const option = options[token.name];
    if (option?.type !== 'string') continue;
    if (token.value === '')
      throw new UsageError(
        `--${token.name} needs ${valueNames[token.name] ?? 'a value'}; it was given empty.`,
      );
    if (option.multiple === true) continue;
    const before = seen.get(token.name);
    if (before !== undefined)
      throw new UsageError(
        privateOptions.has(token.name)
          ? `--${token.name} was given twice: give it once.`
          : `--${token.name} was given twice ('${shown(before)}' and '${shown(token.value)}'): give it once.`,
      );
    seen.set(token.name, token.value);
  }
}

/**
 * A numeric flag, checked against the same bounds as its setting: a value the app would refuse
 * is a usage error here too, before anything is stored or sent.
 */
export function numberFlag(
  text: string | undefined,
  name: string,
  bounds: NumberBounds,
  fallback: number,
): number {
  return text === undefined ? fallback : boundedNumber(text, `--${name}`, bounds);
}

/**
 * A number typed on the command line, read as the app's fields read it (`readNumberText`: one
 * decimal mark, a comma or a point; no `1e9`, `Infinity` or `0x10`; a thousands separator named)
 * and within `bounds`, or a usage error naming `label`.
 */
export function boundedNumber(text: string, label: string, bounds: NumberBounds): number {
  const read = readNumberText(text, { integer: bounds.integer });
  if (!read.ok && read.problem === 'grouped')
    throw new UsageError(
      `${label} takes ${describeBounds(bounds)}; '${shown(text)}' has a thousands separator: write ${read.ungrouped}, or a decimal with one mark (2.5).`,
    );
  if (!read.ok || !withinBounds(read.value, bounds))
    throw new UsageError(`${label} takes ${describeBounds(bounds)}, not '${shown(text)}'.`);
  return read.value;
}

/** Like `numberFlag`, but absent stays absent (a flag that turns something on). */
export function optionalNumberFlag(
  text: string | undefined,
  name: string,
  bounds: NumberBounds,
): number | undefined {
  return text === undefined ? undefined : numberFlag(text, name, bounds, 0);
}

/** The embedded sandbox's own ranges, read from its settings schema. */
function sandboxBounds(key: 'latencyMs' | 'tokenTtlSeconds'): NumberBounds {
  const schema = sandboxSettingsSchema.shape[key].unwrap();
  return {
    min: schema.minValue ?? 0,
    max: schema.maxValue ?? 0,
    integer: schema.format?.includes('int') ?? false,
  };
}

export const flagBounds = {
  ...settingBounds,
  latencyMs: sandboxBounds('latencyMs'),
  tokenTtlSeconds: sandboxBounds('tokenTtlSeconds'),
  port: { min: 0, max: 65_535, integer: true },
  // A share of requests, as `faultsFromRate` takes it.
  failRate: { min: 0, max: 1, integer: false },
} as const satisfies Record<string, NumberBounds>;
