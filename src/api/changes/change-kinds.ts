// The kinds of change the change report covers: a leaf the view's shapes (and the browser bundle) read without the version families.

export const CHANGE_KINDS = ['hosts', 'ports', 'services', 'links'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
