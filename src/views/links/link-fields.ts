// The names of list_links' compact columns, apart from the columns: the server's instructions name them at start-up, before any view is loaded.

/** The columns a compact answer can have, in the order the refusal names them. */
export const LINK_FIELDS = [
  'a',
  'a_id',
  'a_port',
  'b',
  'b_id',
  'b_port',
  'protocol',
  'last_seen',
  'kept',
] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
