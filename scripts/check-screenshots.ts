// Runs `npm run screenshots` twice and fails unless each image under docs/img/ comes out byte-identical both times.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../test/build-dist.js';

const IMAGES = join(ROOT, 'docs', 'img');

/** Each image's SHA-256 after one run of the screenshots. */
function run(): Map<string, string> {
  execFileSync('npm', ['run', 'screenshots'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const hashes = new Map<string, string>();
  for (const name of readdirSync(IMAGES)
    .filter((file) => file.endsWith('.png'))
    .sort()) {
    hashes.set(
      name,
      createHash('sha256')
        .update(readFileSync(join(IMAGES, name)))
        .digest('hex'),
    );
  }
  return hashes;
}

const first = run();
const second = run();
const changed = [...new Set([...first.keys(), ...second.keys()])].filter(
  (name) => first.get(name) !== second.get(name),
);
for (const [name, hash] of second) console.log(`${hash.slice(0, 16)}  ${name}`);
if (changed.length > 0) {
  console.error(`screenshots differ between two runs: ${changed.join(', ')}`);
  process.exit(1);
}
console.log(`${second.size} screenshots byte-identical in two runs`);
