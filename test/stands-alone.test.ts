// The repository stands alone: no tracked file points into the sibling shared folder a plain clone lacks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Spelled in two parts so this file does not match itself.
const SHARED = ['..', 'shared'].join('/');

it(`no tracked file refers to ${SHARED}`, () => {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'));
  expect(tracked.length).toBeGreaterThan(0);
  const offenders = tracked.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(REPO_ROOT, file), 'latin1');
    } catch {
      return []; // deleted in the work tree but not yet in the index
    }
    return text
      .split('\n')
      .flatMap((line, i) => (line.includes(SHARED) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  });
  expect(offenders).toEqual([]);
});
