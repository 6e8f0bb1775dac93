// list_links with `fields`: one compact row per link (views/common/projection.ts), the far end outside the key's networks named as such.
import { type Columns, projectionResult } from '../common/projection.js';
import { LINK_FIELDS, type LinkField } from './link-fields.js';
import { type LinkView, linkItem } from './link-items.js';

export { LINK_FIELDS, type LinkField };

type Row = { readonly link: LinkView; readonly item: ReturnType<typeof linkItem> };

const COLUMNS: Columns<Row> = {
  a: { cell: (r) => r.item.a.host },
  a_id: { cell: (r) => r.item.a.host_id, text: (r) => r.item.a.host_id },
  a_port: { cell: (r) => r.item.a.port },
  b: {
    cell: (r) => r.item.b.host,
    text: (r) => ('outside' in r.item.b ? r.item.b.host : undefined),
  },
  b_id: {
    cell: (r) => ('host_id' in r.item.b ? r.item.b.host_id : undefined),
    text: (r) => ('host_id' in r.item.b ? r.item.b.host_id : undefined),
  },
  b_port: {
    cell: (r) => ('port' in r.item.b ? r.item.b.port : undefined),
    text: (r) => ('port' in r.item.b ? undefined : 'port not known'),
  },
  protocol: { cell: (r) => r.item.protocol, text: (r) => r.item.protocol },
  last_seen: { cell: (r) => r.item.last_seen, text: (r) => r.item.last_seen },
  kept: {
    cell: (r) => r.item.kept_from_earlier_scan === true,
    text: (r) => (r.item.kept_from_earlier_scan ? 'kept' : 'current'),
  },
};

export function linkCompactResult(
  input: {
    readonly links: readonly LinkView[];
    readonly offset: number;
    readonly limit: number;
    readonly summary: (shown: number) => string;
    readonly notes: readonly string[];
  },
  fields: readonly LinkField[],
  budget: number,
) {
  return projectionResult<Row>(
    {
      items: input.links.slice(input.offset).map((link) => ({ link, item: linkItem(link) })),
      fields,
      columns: COLUMNS,
      idOf: (r) => `${r.item.a.host_id}/${r.item.a.port}`,
      nameOf: (r) => `${r.item.a.host} ${r.item.a.port}`,
      offset: input.offset,
      limit: input.limit,
      total: input.links.length,
      unit: 'links',
      summary: input.summary,
      notes: input.notes,
      warnings: [],
    },
    budget,
  );
}
