// The Discoveries tab's filters as list_discoveries arguments: what an empty answer was asked with, and a changed filter sent to the service.
import type { Filters } from './discoveries-view.js';

/** The view's state words and list_discoveries' last_run values, where one means the other. */
const LAST_RUN_OF_STATE: Readonly<Record<string, string>> = {
  failed: 'failed',
  ok: 'succeeded',
  'never run': 'never',
  unknown: 'unknown',
};

/** The arguments the filter controls stand for: a new choice replaces them. */
const FILTER_ARGUMENTS = ['search', 'discovery_type', 'last_run', 'tag'] as const;

/** The filters a list_discoveries call was asked with, as the controls hold them (others are in its summary). */
export function askedDiscoveryFilters(
  args: Readonly<Record<string, unknown>> | undefined,
): Filters {
  const given = (key: (typeof FILTER_ARGUMENTS)[number]) =>
    typeof args?.[key] === 'string' ? (args[key] as string) : '';
  const lastRun = given('last_run');
  const state = Object.entries(LAST_RUN_OF_STATE).find(([, value]) => value === lastRun)?.[0];
  return {
    text: given('search'),
    type: given('discovery_type'),
    state: state ?? '',
    tag: given('tag'),
  };
}

/** Whether any filter is set. */
export const anyFilter = (filters: Filters) =>
  Object.values(filters).some((value) => value.trim() !== '');

/**
 * `scope` (the call's other arguments: network, run_type...) with the filters in place of its own,
 * every match at once. A state the service cannot filter by (running, disabled...) stays the view's.
 */
export function withDiscoveryFilters(
  scope: Readonly<Record<string, unknown>>,
  filters: Filters,
): Record<string, unknown> {
  const args: Record<string, unknown> = { ...scope };
  for (const key of [...FILTER_ARGUMENTS, 'offset']) delete args[key];
  const text = filters.text.trim();
  const lastRun = LAST_RUN_OF_STATE[filters.state];
  return {
    ...args,
    ...(text ? { search: text } : {}),
    ...(filters.type ? { discovery_type: filters.type } : {}),
    ...(lastRun ? { last_run: lastRun } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    limit: 0,
  };
}
