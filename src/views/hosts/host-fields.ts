// The names of list_hosts' compact columns, apart from the columns: the server's instructions name them at start-up, before any view is loaded.

/** The columns a compact host answer can have, in the order the refusal names them. */
export const HOST_FIELDS = [
  'id',
  'name',
  'hostname',
  'network',
  'ips',
  'subnets',
  'macs',
  'services',
  'ports',
  'os',
  'tags',
  'snmp_credentials',
  'first_seen',
  'last_seen',
  'first_found_by',
  'last_touched_by',
] as const;
export type HostField = (typeof HOST_FIELDS)[number];
