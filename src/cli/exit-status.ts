// The process's exit statuses, one per reason it could not start: a client's log shows the status beside the one stderr line.
import { EXIT_NODE_TOO_OLD } from './node-version.js';

/** What each status means; `--help` prints this list and docs/design.md repeats it. */
export const EXIT_STATUS = {
  /** Served and stopped (stdin closed, a signal), or --help / --version / a healthy doctor. */
  ok: 0,
  /** Something unexpected failed (the line says what); doctor: a check failed. */
  failed: 1,
  /** A setting is invalid: a bad NETWORK_DISCOVERY_* value (the base URL, a number) or an unusable audit file. */
  badSetting: 2,
  /** The command line is wrong: an unknown command or flag, a flag without its value, --port without --http. */
  badArguments: 3,
  /** Node.js is older than the manifest allows (src/cli/node-version.ts). */
  nodeTooOld: EXIT_NODE_TOO_OLD,
} as const;

export const EXIT_STATUS_MEANINGS: readonly (readonly [number, string])[] = [
  [EXIT_STATUS.ok, 'served and stopped, or --help/--version; doctor: every check passed'],
  [EXIT_STATUS.failed, 'an unexpected failure (the stderr line says what); doctor: a check failed'],
  [
    EXIT_STATUS.badSetting,
    'a setting is invalid (e.g. NETWORK_DISCOVERY_BASE_URL, the audit file)',
  ],
  [EXIT_STATUS.badArguments, 'the command line is wrong (unknown command or flag, missing value)'],
  [EXIT_STATUS.nodeTooOld, 'Node.js is older than this server needs'],
];
