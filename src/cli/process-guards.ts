// Last-resort handlers: a stray rejection or exception is logged (redacted) to stderr, never raw.
import type { Logger } from '../log.js';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  return String(reason);
}

/**
 * Without these, Node prints an unhandled rejection with its full object (which could hold a
 * request's headers) and exits. A rejection nobody awaited leaves the server able to serve, so it is
 * logged and the process goes on; after an uncaught exception the state is unknown, so it exits.
 */
export function installProcessGuards(log: Logger): void {
  // stderr is diagnostics only: a client that closed it (EPIPE) must not turn every later log line
  // into an uncaught exception, or the exception handler's own log line into another one.
  process.stderr.on('error', () => {});
  process.on('unhandledRejection', (reason) => {
    log.error(`unhandled rejection (the server keeps running): ${describe(reason)}`);
  });
  process.on('uncaughtException', (error) => {
    log.error(`uncaught exception, exiting: ${describe(error)}`);
    process.exit(1);
  });
}
