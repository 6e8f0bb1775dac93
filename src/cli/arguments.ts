// The command line through node:util's parseArgs: every command and flag known, anything else refused naming the closest one.
import { closest } from '../did-you-mean.js';
import { nodeUtil } from '../node-builtins.js';

/** Every flag, as parseArgs takes them. `--demo` is a flag whose value may follow it or `=`. */
export const COMMAND_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  demo: { type: 'boolean' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  'allowed-host': { type: 'string', multiple: true },
} as const;

type OptionName = keyof typeof COMMAND_OPTIONS;

const COMMANDS = ['doctor'] as const;
/** Flags that mean something only with --http. */
const HTTP_ONLY: readonly OptionName[] = ['port', 'host', 'allow-remote', 'allowed-host'];
/** What a --demo value looks like (a Scanopy version); config.ts says which ones the sample plays. */
const DEMO_VERSION = /^\d+\.\d+\.\d+$/;

export type Mode = 'help' | 'version' | 'doctor' | 'http' | 'stdio';

export type CommandLine =
  | {
      readonly ok: true;
      readonly mode: Mode;
      /** Set when --demo was given: the version asked for, or '' for the default. */
      readonly demo: string | undefined;
    }
  | { readonly ok: false; readonly problems: readonly string[] };

interface Token {
  readonly kind: 'option' | 'positional' | 'option-terminator';
  readonly index: number;
  readonly name?: string;
  readonly rawName?: string;
  readonly value?: string | undefined;
  readonly inlineValue?: boolean | undefined;
}

/** The tokens of argv, read leniently so that every unknown word can be named, not just the first. */
export function commandTokens(argv: readonly string[]): readonly Token[] {
  return nodeUtil().parseArgs({
    args: [...argv],
    options: COMMAND_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  }).tokens as readonly Token[];
}

/** Whether a string flag's token carries a value (not one taken from the next flag). */
export function hasValue(token: Token): token is Token & { value: string } {
  return token.value !== undefined && (token.inlineValue === true || !token.value.startsWith('-'));
}

/**
 * What to run. An unknown command or flag is refused with the closest known one (`docter` ->
 * `doctor`, `--htpp` -> `--http`), never ignored: a silent stdio server is what a typo used to get.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const problems: string[] = [];
  const given = new Set<string>();
  const commands: string[] = [];
  let demo: string | undefined;
  let demoAt = -1;
  /** Where `--scanopy` stood: the version after it is its value, not a command. */
  let scanopyAt = -1;
  for (const token of commandTokens(argv)) {
    if (token.kind === 'option-terminator') {
      problems.push('"--" is not used by this command');
      continue;
    }
    if (token.kind === 'positional') {
      const word = token.value ?? '';
      if (token.index === demoAt + 1 && demo === '' && DEMO_VERSION.test(word)) demo = word;
      else if (token.index === scanopyAt + 1 && DEMO_VERSION.test(word)) continue;
      else if ((COMMANDS as readonly string[]).includes(word)) commands.push(word);
      else problems.push(`unknown command ${shown(word)}${closest(word, COMMANDS)}`);
      continue;
    }
    const name = token.name ?? '';
    const raw = token.rawName ?? `--${name}`;
    if (name === 'scanopy') {
      // The demo script's flag (npm run demo -- --scanopy 0.17.22), tried on the server itself.
      scanopyAt = token.index;
      const version =
        token.value !== undefined && DEMO_VERSION.test(token.value) ? token.value : '0.17.22';
      problems.push(
        `--scanopy belongs to the demo script (npm run demo -- --scanopy ${version}); this server plays a Scanopy version with --demo ${version}`,
      );
      continue;
    }
    if (!(name in COMMAND_OPTIONS)) {
      const flags = Object.keys(COMMAND_OPTIONS).map((known) => `--${known}`);
      problems.push(`unknown flag ${shown(raw)}${closest(raw, flags)}`);
      continue;
    }
    const option = name as OptionName;
    given.add(option);
    if (option === 'demo') {
      demo = token.value ?? '';
      demoAt = token.index;
      if (token.value !== undefined && !DEMO_VERSION.test(token.value)) {
        problems.push(`--demo takes a Scanopy version such as 0.17.22, not ${shown(token.value)}`);
      }
    } else if (COMMAND_OPTIONS[option].type === 'string') {
      if (!hasValue(token)) problems.push(`${raw} needs a value`);
    } else if (token.value !== undefined) {
      problems.push(`${raw} takes no value`);
    }
  }
  if (commands.length > 1) problems.push('give one command at most');
  const doctor = commands.includes('doctor');
  if (!given.has('http')) {
    for (const option of HTTP_ONLY) {
      if (given.has(option)) problems.push(`--${option} works only with --http`);
    }
  } else if (doctor) {
    problems.push('doctor checks the settings and exits: leave --http out');
  }
  if (problems.length > 0) return { ok: false, problems };
  const mode: Mode = given.has('help')
    ? 'help'
    : given.has('version')
      ? 'version'
      : doctor
        ? 'doctor'
        : given.has('http')
          ? 'http'
          : 'stdio';
  return { ok: true, mode, demo };
}

/** A word from the command line, quoted and cut: it is echoed to the person who typed it. */
function shown(word: string): string {
  const cut = word.length > 40 ? `${word.slice(0, 40)}...` : word;
  return JSON.stringify(cut);
}
