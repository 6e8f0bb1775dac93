// Appends audit lines to the file named by NETWORK_DISCOVERY_AUDIT_LOG, opened once at start-up.
import { nodeFs } from '../node-builtins.js';

export interface AuditFile {
  write(line: string): void;
  close(): void;
}

/**
 * Opens (creating, owner-only) the file for appending; throws when it cannot, so a bad path stops
 * the server at start-up rather than losing the trail. Each line is one synchronous append: a
 * record is on disk before the write it describes goes out, and survives an abrupt exit.
 */
export function openAuditFile(path: string, onWriteError: (line: string, error: unknown) => void) {
  const { closeSync, openSync, writeSync } = nodeFs();
  const fd = openSync(path, 'a', 0o600);
  const file: AuditFile = {
    write(line) {
      try {
        writeSync(fd, `${line}\n`);
      } catch (error) {
        // A full disk must not lose the record silently: the caller puts it on stderr.
        onWriteError(line, error);
      }
    },
    close() {
      try {
        closeSync(fd);
      } catch {}
    },
  };
  return file;
}
