// list_discoveries' structured items out of their network-and-daemon groups and run-type keys, as a bench reads them.

/** The keys a group holds its items under, and the run type each stands for (`other` items carry theirs). */
const BUCKETS = [
  ['scheduled', 'Scheduled'],
  ['ad_hoc', 'AdHoc'],
  ['run_records', 'Historical'],
  ['other', undefined],
] as const;

/** Every item, with its group's network and daemon ids and the run type its key stands for. */
export function discoveryItems<T extends object>(structured: unknown): T[] {
  const groups = ((structured ?? {}) as { groups?: Record<string, unknown>[] }).groups ?? [];
  return groups.flatMap((g) =>
    BUCKETS.flatMap(([key, runType]) =>
      ((g[key] ?? []) as object[]).map(
        (d) =>
          ({
            network_id: g['network_id'],
            daemon_id: g['daemon_id'],
            ...(runType ? { run_type: runType } : {}),
            ...d,
          }) as T,
      ),
    ),
  );
}
