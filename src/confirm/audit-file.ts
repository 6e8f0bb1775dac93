// Appends audit lines to the file named by NETWORK_DISCOVERY_AUDIT_LOG, opened once at start-up.
import { nodeFs, nodePath } from '../node-builtins.js';

export interface AuditFile {
  write(line: string): void;
  close(): void;
}

export interface AuditFileOptions {
  /** The user this process runs as; the file must be theirs (undefined where the OS has no uids). */
  readonly uid: number | undefined;
  readonly onWriteError: (line: string, error: unknown) => void;
}

/** The audit file is not one this server may append to; the message names the file and the fix. */
export class UnsafeAuditFileError extends Error {}

/**
 * Opens (creating, owner-only) the file for appending; throws when it cannot, so a bad path stops
 * the server at start-up rather than losing the trail. Each line is one synchronous append: a
 * record is on disk before the write it describes goes out, and survives an abrupt exit.
 *
 * A planted `audit.log -> ~/.bashrc` would have caller-chosen names appended to a file a shell
 * runs: the last component is never followed (O_NOFOLLOW), and what was opened is checked on the
 * descriptor itself (no race with a rename): a regular file, with one name, owned by this user,
 * that no group or other user can write (0600 applies only to a file this call creates).
 */
export function openAuditFile(path: string, options: AuditFileOptions): AuditFile {
  const { closeSync, constants, fstatSync, openSync, statSync, writeSync } = nodeFs();
  // The folder first: where others may create or rename names, they could swap the trail, or its
  // record of spent confirmations beside it, for their own (a sticky /tmp included: names are
  // still theirs to create first). Checked before anything is created there.
  const folder = nodePath().dirname(path);
  let folderMode: number | undefined;
  try {
    folderMode = statSync(folder).mode;
  } catch {
    // A folder that does not exist fails the open below, with its own message.
  }
  if (folderMode !== undefined && (folderMode & 0o022) !== 0) {
    throw new UnsafeAuditFileError(
      `${path} is in ${folder}, which its group or other users can write (mode ${(folderMode & 0o777).toString(8)}), so the audit trail is not written there: anyone who can write the folder could replace the trail or the record of used confirmations beside it. Point NETWORK_DISCOVERY_AUDIT_LOG at a file in a directory only you can write (chmod go-w ${folder}, or another directory).`,
    );
  }
  // O_NOFOLLOW is undefined on Windows, where symlinks need privileges to create.
  const flags =
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
  let fd: number;
  try {
    fd = openSync(path, flags, 0o600);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOOP') {
      throw new UnsafeAuditFileError(
        `${path} is a symbolic link; the audit trail is never written through one. Point NETWORK_DISCOVERY_AUDIT_LOG at a regular file (or a path that does not exist yet) in a directory only you can write.`,
      );
    }
    throw error;
  }
  const problem = unsafeBecause(fstatSync(fd), options.uid);
  if (problem) {
    closeSync(fd);
    throw new UnsafeAuditFileError(
      `${path} ${problem}, so the audit trail is not written there. Point NETWORK_DISCOVERY_AUDIT_LOG at a file of your own (or a path that does not exist yet) in a directory only you can write${problem.startsWith('can be written') ? `, or run chmod 600 ${path}` : ''}.`,
    );
  }
  return {
    write(line) {
      try {
        writeSync(fd, `${line}\n`);
      } catch (error) {
        // A full disk must not lose the record silently: the caller puts it on stderr.
        options.onWriteError(line, error);
      }
    },
    close() {
      try {
        closeSync(fd);
      } catch {}
    },
  };
}

interface FileStat {
  isFile(): boolean;
  readonly uid: number;
  readonly mode: number;
  readonly nlink: number;
}

function unsafeBecause(stat: FileStat, uid: number | undefined): string | undefined {
  if (!stat.isFile()) return 'is not a regular file';
  // A hard link to ~/.bashrc is the same file under a second name: as dangerous as a symlink.
  if (stat.nlink > 1) return `has ${stat.nlink} names (hard links), so it may be another file`;
  if (uid !== undefined && stat.uid !== uid)
    return `is owned by uid ${stat.uid}, not by you (${uid})`;
  if ((stat.mode & 0o022) !== 0) {
    return `can be written by its group or by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  }
  return undefined;
}
