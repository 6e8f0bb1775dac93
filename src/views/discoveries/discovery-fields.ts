// The names of list_discoveries' compact columns, apart from the columns: the server's instructions name them at start-up, before any view is loaded.

/** The columns a compact discovery answer can have, in the order the refusal names them. */
export const DISCOVERY_FIELDS = [
  'id',
  'name',
  'network',
  'daemon',
  'discovery_type',
  'run_type',
  'enabled',
  'schedule',
  'cron_schedule',
  'next_run',
  'last_run',
  'last_outcome',
  'finished_at',
  'hosts_discovered',
  'tags',
  'host',
  'discovery_id',
] as const;
export type DiscoveryField = (typeof DISCOVERY_FIELDS)[number];
