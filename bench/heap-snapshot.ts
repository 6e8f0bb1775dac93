// What a heap snapshot holds (the server's, taken with --heapsnapshot-signal): self size by type and constructor, and the kept host copy's bytes by field.
import { readFileSync } from 'node:fs';

interface Snapshot {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: readonly string[];
      readonly node_types: readonly [readonly string[], ...unknown[]];
      readonly edge_fields: readonly string[];
      readonly edge_types: readonly [readonly string[], ...unknown[]];
    };
  };
  readonly nodes: readonly number[];
  readonly edges: readonly number[];
  readonly strings: readonly string[];
}

const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const top = (totals: Map<string, { count: number; bytes: number }>, count: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, count)
    .map(([name, t]) => `  ${MB(t.bytes).padStart(9)} ${String(t.count).padStart(8)}  ${name}`)
    .join('\n');

function read(path: string) {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const { meta } = snap.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const field = (name: string) => meta.node_fields.indexOf(name);
  const [TYPE, NAME, SIZE, EDGES] = [
    field('type'),
    field('name'),
    field('self_size'),
    field('edge_count'),
  ];
  const [E_TYPE, E_NAME, E_TO] = ['type', 'name_or_index', 'to_node'].map((f) =>
    meta.edge_fields.indexOf(f),
  ) as [number, number, number];
  const count = snap.nodes.length / nf;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += (snap.nodes[i * nf + EDGES] ?? 0) * ef;
  }
  firstEdge[count] = snap.edges.length;
  const node = (i: number) => ({
    type: meta.node_types[0][snap.nodes[i * nf + TYPE] ?? 0] ?? '',
    name: snap.strings[snap.nodes[i * nf + NAME] ?? 0] ?? '',
    size: snap.nodes[i * nf + SIZE] ?? 0,
  });
  function* edges(i: number) {
    for (let e = firstEdge[i] ?? 0; e < (firstEdge[i + 1] ?? 0); e += ef) {
      const type = meta.edge_types[0][snap.edges[e + E_TYPE] ?? 0] ?? '';
      const raw = snap.edges[e + E_NAME] ?? 0;
      const name =
        type === 'element' || type === 'hidden' ? String(raw) : (snap.strings[raw] ?? '');
      yield { type, name, to: (snap.edges[e + E_TO] ?? 0) / nf };
    }
  }
  return { count, node, edges };
}

/** Self size by node type, objects by constructor. */
function byConstructor(heap: ReturnType<typeof read>) {
  const totals = new Map<string, { count: number; bytes: number }>();
  let all = 0;
  for (let i = 0; i < heap.count; i++) {
    const { type, name, size } = heap.node(i);
    const key = ['object', 'native', 'hidden', 'array', 'closure', 'code'].includes(type)
      ? `${type} ${name.slice(0, 50)}`
      : type;
    const total = totals.get(key) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += size;
    totals.set(key, total);
    all += size;
  }
  return { totals, all };
}

/**
 * Bytes reachable from the kept copy's hosts (objects with addresses, credential_ids and
 * first_discovery_ids), by the field path that first reached them: each node counted once.
 */
function byHostField(heap: ReturnType<typeof read>) {
  const hosts: number[] = [];
  for (let i = 0; i < heap.count; i++) {
    const { type, name } = heap.node(i);
    if (type !== 'object' || name !== 'Object') continue;
    const keys = new Set(
      [...heap.edges(i)].filter((e) => e.type === 'property').map((e) => e.name),
    );
    if (keys.has('addresses') && keys.has('credential_ids') && keys.has('first_discovery_ids')) {
      hosts.push(i);
    }
  }
  const seen = new Uint8Array(heap.count);
  const totals = new Map<string, { count: number; bytes: number }>();
  let all = 0;
  for (const host of hosts) {
    const stack: [number, string][] = [[host, 'host']];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [i, path] = next;
      if (seen[i]) continue;
      seen[i] = 1;
      const { type, name, size } = heap.node(i);
      if (['object shape', 'code', 'closure', 'synthetic'].includes(type)) continue;
      const key = `${path} (${type === 'object' ? name : type})`;
      const total = totals.get(key) ?? { count: 0, bytes: 0 };
      total.count++;
      total.bytes += size;
      totals.set(key, total);
      all += size;
      for (const edge of heap.edges(i)) {
        // An object's own fields, its list items, and the backing stores holding them.
        if (edge.type === 'property' && edge.name !== '__proto__' && edge.name !== 'map') {
          stack.push([edge.to, `${path}.${edge.name}`]);
        } else if (edge.type === 'element') stack.push([edge.to, `${path}[]`]);
        else if (edge.type === 'internal' && /properties|elements/.test(edge.name)) {
          stack.push([edge.to, path]);
        }
      }
    }
  }
  return { hosts: hosts.length, totals, all };
}

// `tsx bench/heap-snapshot.ts <file.heapsnapshot>`
const path = process.argv[2];
if (!path) throw new Error('usage: tsx bench/heap-snapshot.ts <file.heapsnapshot>');
const heap = read(path);
const kinds = byConstructor(heap);
console.log(
  `${path}: ${MB(kinds.all)} live in ${heap.count} nodes\nby type and constructor (self size):\n${top(kinds.totals, 15)}`,
);
const copy = byHostField(heap);
if (copy.hosts > 0) {
  console.log(
    `kept hosts: ${copy.hosts}, ${MB(copy.all)} reachable, ${Math.round(copy.all / copy.hosts)} bytes a host\nby field (self size of what the path reaches first):\n${top(copy.totals, 25)}`,
  );
}
