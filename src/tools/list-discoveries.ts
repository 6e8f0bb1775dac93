// list_discoveries: the discoveries the key can see, grouped by network and daemon, within the result budget.
import { z } from 'zod';
import { renderDiscoveries, withoutCommunities } from '../views/discovery-format.js';
import { jsonOf } from '../views/result-json.js';
import { defineTool, READ_ONLY } from './define-tool.js';
import {
  byteLength,
  type CollectedDiscoveries,
  collectDiscoveries,
  cutToBudget,
} from './discovery-pages.js';
import { paginationOutput, uuid } from './schemas.js';

type Filters = {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
};

/**
 * Text and structuredContent within the budget. The common page fits whole and is measured once
 * (register.ts reuses that JSON); one that does not is cut item by item, then checked again.
 */
function present(collected: CollectedDiscoveries, filters: Filters, budget: number) {
  let view = collected;
  let stripped = false;
  let cut = false;
  for (;;) {
    const structured = {
      discoveries: view.discoveries,
      pagination: view.pagination,
      ...(view.omitted ? { truncated: true } : {}),
    };
    const json = jsonOf(structured);
    if (!stripped && json.includes('"community"')) {
      // Not even the redaction placeholder is shown; the copy is made only when there is one.
      stripped = true;
      view = { ...view, discoveries: view.discoveries.map(withoutCommunities) };
      continue;
    }
    const text = renderDiscoveries({ ...view, filters });
    if (byteLength(text) + byteLength(json) <= budget || view.discoveries.length === 0) {
      return { structured, text };
    }
    view = cut
      ? dropTail(view)
      : cutToBudget(
          { items: view.discoveries, pagination: view.pagination, skipped: view.skipped },
          budget,
        );
    cut = true;
  }
}

/** A last resort if the item-by-item estimate was short: 5% fewer, said so. */
function dropTail(view: CollectedDiscoveries): CollectedDiscoveries {
  const drop = Math.max(1, Math.ceil(view.discoveries.length / 20));
  const discoveries = view.discoveries.slice(0, -drop);
  const nextOffset = view.pagination.offset + discoveries.length;
  return {
    ...view,
    discoveries,
    pagination: { ...view.pagination, has_more: true },
    omitted: { count: view.pagination.total_count - nextOffset, nextOffset },
  };
}

export const listDiscoveries = defineTool({
  name: 'list_discoveries',
  title: 'List network discoveries',
  description:
    'List discovery jobs (network scans, self-reports, Docker scans) with schedule, enabled state and last run, grouped by network and daemon. Use it for what runs where and what is disabled or failing. Long lists are cut to a size budget, with the offset to go on from.',
  inputSchema: {
    network_id: uuid().optional().describe('Only this network'),
    daemon_id: uuid().optional().describe('Only this daemon'),
    limit: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(50)
      .describe('Page size; 0 = all, up to the budget'),
    offset: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .default(0)
      .describe('Items to skip (next page)'),
  },
  outputSchema: {
    // Not looseObject: the SDK only checks that the result parses, and a strict object parses
    // 50 discoveries without copying every extra field. The JSON Schema is the same either way.
    discoveries: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        // Optional: an item is never dropped for lacking them (0.17.22 sends site_id, read as network_id).
        network_id: z.string().optional(),
        daemon_id: z.string().optional(),
        // Variants carry more fields (schedule, subnets, results); only the tag is promised.
        discovery_type: z.object({ type: z.string() }),
        run_type: z.object({ type: z.string() }),
      }),
    ),
    pagination: paginationOutput,
    truncated: z.boolean().optional(),
  },
  annotations: READ_ONLY,
  writes: false,
  async handler(args, context) {
    const collected = await collectDiscoveries(args, context);
    return present(collected, args, context.maxResultBytes);
  },
});
