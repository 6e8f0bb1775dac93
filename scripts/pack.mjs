// `npm run pack`: stages the bundled server, manifest, icon, README and LICENSE in a temp folder and packs the .mcpb.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(process.argv[2] ?? join(root, 'network-discovery-mcp.mcpb'));
// The bundled server (dist/index.js and the chunks it loads on demand) is the whole server: no
// node_modules goes into the bundle, and of the docs only the README (docs/ is for the repository).
const chunks = existsSync(join(root, 'dist', 'chunks'))
  ? readdirSync(join(root, 'dist', 'chunks')).map((name) => `dist/chunks/${name}`)
  : [];
const FILES = ['dist/index.js', ...chunks, 'manifest.json', 'icon.png', 'README.md', 'LICENSE'];

for (const file of FILES) {
  if (!existsSync(join(root, file))) {
    console.error(
      `pack: ${file} is missing${file.startsWith('dist/') ? ' (run npm run build)' : ''}`,
    );
    process.exit(1);
  }
}
const stage = mkdtempSync(join(tmpdir(), 'ndm-pack-'));
try {
  for (const file of FILES) {
    mkdirSync(dirname(join(stage, file)), { recursive: true });
    copyFileSync(join(root, file), join(stage, file));
  }
  // Without a package.json saying "module", Node first parses dist/index.js as CommonJS, fails,
  // and parses it again as ESM (19-22 ms and 6 MB more at start); Node 20.18 does not retry at all
  // and stops with a SyntaxError. Nothing else of the project's package.json belongs in a bundle.
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ name, version, private: true, type: 'module' }, null, 2)}\n`,
  );
  const mcpb = join(
    root,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'mcpb.cmd' : 'mcpb',
  );
  const result = spawnSync(mcpb, ['pack', stage, output], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`pack: mcpb pack failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
} finally {
  rmSync(stage, { recursive: true, force: true });
}
