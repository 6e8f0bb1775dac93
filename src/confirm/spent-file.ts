// Spent tokens and approvals as files created exclusively in a directory beside the audit log: every process on the machine sees them.
import { nodeFs, nodePath } from '../node-builtins.js';
import { type SpentStore, SpentStoreError } from './spent-record.js';

/** How often expired records are swept, at most. */
const SWEEP_EVERY_MS = 60_000;

/**
 * One empty file per spent key, created with O_CREAT|O_EXCL: the file system lets exactly one
 * process create a name, so of two replicas redeeming one token at once exactly one wins. The
 * directory is made owner-only and refused when it is a link, another user's, or writable by
 * others (anyone who could create names in it could spend tokens before they are used: a refusal,
 * never a second write, but still a way to block writes).
 */
export function fileSpentStore(
  dir: string,
  uid: number | undefined,
  now: () => number,
): SpentStore {
  const fs = nodeFs();
  const { join } = nodePath();
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw failure(dir, error);
  }
  // Checked at start and again before every use: a directory swapped for a link (or another
  // directory) after start is refused as it would have been at start, never followed.
  const opened = checked(fs.lstatSync(dir), dir, uid);
  const stillSafe = () => {
    let stat: DirStat;
    try {
      stat = fs.lstatSync(dir);
    } catch (error) {
      throw failure(dir, error);
    }
    checked(stat, dir, uid);
    if (stat.dev !== opened.dev || stat.ino !== opened.ino) {
      throw refusal(dir, 'was replaced by another directory since start');
    }
  };
  const flags =
    fs.constants.O_WRONLY |
    fs.constants.O_CREAT |
    fs.constants.O_EXCL |
    (fs.constants.O_NOFOLLOW ?? 0);
  let sweptAt = 0;
  const sweep = () => {
    const time = now();
    if (time - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = time;
    for (const name of fs.readdirSync(dir)) {
      const expiry = Number.parseInt(name.split('.')[0] ?? '', 36);
      if (Number.isFinite(expiry) && expiry < time) fs.rmSync(join(dir, name), { force: true });
    }
  };
  return {
    where: dir,
    has: async (key) => {
      stillSafe();
      return fs.existsSync(join(dir, key));
    },
    spend: async (key) => {
      stillSafe();
      try {
        sweep();
      } catch {
        // A failed sweep leaves old names behind; it never decides a spend.
      }
      try {
        fs.closeSync(fs.openSync(join(dir, key), flags, 0o600));
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST') return false;
        throw failure(dir, error);
      }
    },
    close: async () => {},
  };
}

interface DirStat {
  isDirectory(): boolean;
  readonly uid: number;
  readonly mode: number;
  readonly dev: number;
  readonly ino: number;
}

/** The directory as lstat saw it, when it is one only this user can write; else the refusal. */
function checked(stat: DirStat, dir: string, uid: number | undefined): DirStat {
  const problem = !stat.isDirectory()
    ? 'is not a directory (or is a symbolic link)'
    : uid !== undefined && stat.uid !== uid
      ? `is owned by uid ${stat.uid}, not by you (${uid})`
      : (stat.mode & 0o022) !== 0
        ? `can be written by its group or by other users (mode ${(stat.mode & 0o777).toString(8)})`
        : undefined;
  if (problem) throw refusal(dir, problem);
  return stat;
}

function refusal(dir: string, problem: string): SpentStoreError {
  return new SpentStoreError(
    `the record of used confirmations, ${dir}, ${problem}; remove it, or point NETWORK_DISCOVERY_AUDIT_LOG at a file in a directory only you can write`,
  );
}

function failure(dir: string, error: unknown): SpentStoreError {
  const code = (error as { code?: unknown }).code;
  return new SpentStoreError(
    `the record of used confirmations, ${dir}, could not be written (${typeof code === 'string' ? code : 'file error'})`,
  );
}
