// A switch's far ports asked of the SNMP list's ids filter (readPortsListed): rows when the service honours it, undefined when its answer says it does not (or it refuses the query), nothing sent for ids not shaped as the service's; a failure is a failure.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/api/errors.js';
import {
  createListedPorts,
  listable,
  MAX_LISTED_PORTS,
  readPortsListed,
} from '../src/api/families/links.js';
import type { Requester, RequestSpec } from '../src/api/request.js';
import { onePage } from './one-page.js';

const id = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const row = (i: number) => ({ id: id(i), host_id: id(1000 + i), if_name: `eth${i}`, if_index: i });

/** A requester whose list answers `rows` (or throws), recording each query's ids. */
function requester(answer: (ids: readonly string[]) => object[] | Error) {
  const asked: (readonly string[])[] = [];
  const fake = {
    async listPage(
      spec: RequestSpec,
      schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
    ) {
      const ids = (spec.query?.['ids'] ?? []) as readonly string[];
      asked.push(ids);
      const rows = answer(ids);
      if (rows instanceof Error) throw rows;
      const items = rows
        .map((r) => schema.safeParse(r))
        .flatMap((p) => (p.success ? [p.data] : []));
      return onePage(items);
    },
  } as unknown as Requester;
  return { fake, asked };
}

describe('readPortsListed', () => {
  const ids = [1, 2, 3].map(id);

  it('gives the rows of an honoured answer; a port not in it is one the key cannot see', async () => {
    const { fake, asked } = requester(() => [row(1), row(3)]);
    const ports = await readPortsListed(fake, '/api/v1/if-entries', ids);
    expect(ports?.map((p) => [p.id, p.host_id, p.name])).toEqual([
      [id(1), id(1001), 'eth1'],
      [id(3), id(1003), 'eth3'],
    ]);
    expect(asked).toEqual([ids]);
  });

  it('is undefined when the answer holds a row not asked for (the filter ignored) or the query is refused', async () => {
    expect(
      await readPortsListed(requester(() => [row(1), row(9)]).fake, '/r', ids),
    ).toBeUndefined();
    const refused = new HttpError({ method: 'GET', path: '/r' }, 400, {});
    expect(await readPortsListed(requester(() => refused).fake, '/r', ids)).toBeUndefined();
    const failed = new HttpError({ method: 'GET', path: '/r' }, 500, {});
    await expect(readPortsListed(requester(() => failed).fake, '/r', ids)).rejects.toBe(failed);
  });

  it('sends nothing for ids of another shape, none, or more than MAX_LISTED_PORTS', async () => {
    const { fake, asked } = requester(() => []);
    expect(listable([...ids, 'x'.repeat(10_000)])).toBe(false);
    expect(await readPortsListed(fake, '/r', [...ids, '../hosts'])).toBeUndefined();
    expect(await readPortsListed(fake, '/r', [])).toBeUndefined();
    const many = Array.from({ length: MAX_LISTED_PORTS + 1 }, (_, i) => id(i));
    expect(await readPortsListed(fake, '/r', many)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('for one service: once the filter is ignored, it is not asked again', async () => {
    const { fake, asked } = requester(() => [row(1), row(9)]);
    const listed = createListedPorts(fake);
    expect(await listed('/r', ids)).toBeUndefined();
    expect(await listed('/r', ids)).toBeUndefined();
    expect(asked).toHaveLength(1);
    const honoured = requester(() => [row(1)]);
    const again = createListedPorts(honoured.fake);
    await again('/r', ids);
    await again('/r', ids);
    expect(honoured.asked).toHaveLength(2);
  });
});
