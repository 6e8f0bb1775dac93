// The machine a bench ran on, in one line for docs/performance.md.
import { cpus, totalmem, type } from 'node:os';

export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
  return `${type()} ${process.arch}, ${cpus().length} x ${cpu}, ${memory} RAM, Node ${process.versions.node}`;
}
