// The only writer to stderr: one line per event, every line passed through the redactor.
import type { Redactor } from './safety/redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Writes one JSON object as a line, redacted (used for the audit trail). */
  json(record: Record<string, unknown>): void;
}

/** A sink receives finished lines; stderr in production, an array in tests. */
export type LineSink = (line: string) => void;

export const stderrSink: LineSink = (line) => {
  process.stderr.write(`${line}\n`);
};

export function createLogger(redactor: Redactor, sink: LineSink = stderrSink): Logger {
  const write = (level: LogLevel, message: string) => {
    sink(redactor.redact(`[network-discovery-mcp] ${level}: ${message}`));
  };
  return {
    debug: (m) => write('debug', m),
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
    json: (record) => sink(redactor.redact(JSON.stringify(record))),
  };
}
