// review_network_discoveries: guides a read-only review of what runs, what is disabled and what failed.
import * as z from 'zod';
import { definePrompt } from './define-prompt.js';

export const reviewNetworkDiscoveries = definePrompt({
  name: 'review_network_discoveries',
  title: 'Review network discoveries',
  description:
    'Review the discoveries of one network (or all of them): what runs, what is disabled, what failed, and what to do about it. Read-only.',
  argsSchema: {
    network_id: z
      .string()
      .optional()
      .describe('Network id (UUID) to review; leave empty for every network'),
  },
  writes: false,
  render({ network_id }) {
    const scope = network_id ? `network ${network_id}` : 'every network I can see';
    const filter = network_id ? ` and network_id "${network_id}"` : '';
    return [
      `Review the network discoveries of ${scope}. This is a read-only review: change nothing.`,
      '',
      `1. Call list_discoveries with limit 0${filter} to get every discovery in one answer. If a call fails, call get_version to check the connection and tell me what its error said.`,
      '2. What runs: for each network, the enabled discoveries with their type (SelfReport, Network, Docker, ...), schedule (cron and timezone) and last run.',
      '3. What is disabled: scheduled discoveries whose run_type has enabled false, and ad-hoc ones that never ran.',
      '4. What failed: historical runs whose results carry an error or never finished, and scheduled discoveries whose last run is missing or much older than their schedule implies.',
      `5. What the scans found: call list_hosts with counts_only true${filter} for hosts per network, service and port, and how many lack an SNMP credential; for a failed run, list_hosts with found_by set to its id shows the hosts it last touched.`,
      '6. Finish with a short list of suggested actions, most important first, each naming the discovery by name and id.',
      '',
      'Keep it compact: a table or short list per network, ids where I need them for a next step.',
    ].join('\n');
  },
});
