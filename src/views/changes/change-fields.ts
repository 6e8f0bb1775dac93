// The names of list_changes' compact columns, apart from the columns: the server's instructions name them at start-up, before any view is loaded.

/** The columns a compact answer can have, in the order the refusal names them. */
export const CHANGE_FIELDS = [
  'change',
  'name',
  'id',
  'network',
  'at',
  'ports_opened',
  'ports_closed',
  'services_appeared',
  'services_disappeared',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
