// Draws icon.png (512x512: a network of nodes on a rounded tile) with node:zlib; no image libraries.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const BACKGROUND = [20, 48, 92];
const LINK = [120, 190, 255];
const NODE = [255, 255, 255];
const HUB = [255, 196, 61];

const hub = [256, 256];
const nodes = [
  [128, 140],
  [384, 128],
  [408, 340],
  [256, 420],
  [104, 352],
];

/** Distance from point p to the segment a-b. */
function segmentDistance(p, a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(
    0,
    Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)),
  );
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Inside a square with rounded corners (radius r), with a one-pixel soft edge. */
function tileCoverage(x, y, r) {
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return Math.max(0, Math.min(1, r - Math.hypot(x - cx, y - cy) + 0.5));
}

function pixel(x, y) {
  const p = [x + 0.5, y + 0.5];
  const alpha = tileCoverage(p[0], p[1], 96);
  let color = BACKGROUND;
  const ring = [...nodes, nodes[0]];
  for (let i = 0; i < nodes.length; i++) {
    if (segmentDistance(p, hub, nodes[i]) < 9 || segmentDistance(p, ring[i], ring[i + 1]) < 5) {
      color = LINK;
    }
  }
  for (const node of nodes) if (Math.hypot(p[0] - node[0], p[1] - node[1]) < 34) color = NODE;
  if (Math.hypot(p[0] - hub[0], p[1] - hub[1]) < 52) color = HUB;
  return [...color, Math.round(alpha * 255)];
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const rows = Buffer.alloc(SIZE * (1 + SIZE * 4));
for (let y = 0; y < SIZE; y++) {
  const offset = y * (1 + SIZE * 4);
  rows[offset] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) rows.set(pixel(x, y), offset + 1 + x * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const output = process.argv[2] ?? new URL('../icon.png', import.meta.url);
writeFileSync(output, png);
console.log(`${output}: ${SIZE}x${SIZE}, ${png.length} bytes`);
