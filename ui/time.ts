// Times as the view shows them: the service's instants in UTC, always with their zone written out.

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-21T03:00:12Z" -> "2026-11-21 03:00 UTC". UTC rather than the viewer's zone: it is the
 * zone the server's text channel uses, so the person and the model read the same time; a value
 * that is not a time is shown as it came. `undefined` -> "-".
 */
export function zonedTime(iso: string | undefined): string {
  if (!iso) return '-';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const day = `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}`;
  return `${day} ${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())} UTC`;
}
