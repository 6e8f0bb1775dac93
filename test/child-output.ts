// Waits for a spawned process to end and returns its exit status with everything it wrote.
import type { ChildProcess } from 'node:child_process';

export interface ChildOutput {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Collects stdout and stderr (empty when not piped) until the process has exited and closed them. */
export function outputOf(child: ChildProcess): Promise<ChildOutput> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}
