// list_hosts' view of hostile rows: each row rendered once however the budget cuts, other work runs between rows, and the answer is the one drawn in one block.
import { describe, expect, it } from 'vitest';
import { emptyHost, type InventoryHost } from '../src/api/inventory-model.js';
import { turnsOf } from '../src/api/turns.js';
import { hostListInTurns } from '../src/tools/hosts/host-list-in-turns.js';
import { jsonOf } from '../src/views/common/result-budget.js';
import type { HostLookups, HostRow } from '../src/views/hosts/host-item.js';
import { type HostListView, hostListWithinBudget } from '../src/views/hosts/host-list-view.js';

const FIELD = '['.repeat(1_000);
const NETWORK = '00000000-0000-4000-a000-000000000001';

/** bench/hostile-text.ts' hosts: name, hostname and 30 addresses whose IP, MAC and subnet are 1,000 "[". */
function hostileHost(h: number): InventoryHost {
  return {
    ...emptyHost(`00000000-0000-4000-8000-${String(h).padStart(12, '0')}`, FIELD),
    hostname: FIELD,
    network_id: NETWORK,
    created_at: '2026-11-01T10:00:00Z',
    tags: ['00000000-0000-4000-b000-000000000001'],
    addresses: Array.from({ length: 30 }, () => ({ ip: FIELD, mac: FIELD, subnet_id: FIELD })),
  };
}

/** A plain host beside them: a real address, MAC and subnet. */
function plainHost(h: number): InventoryHost {
  return {
    ...emptyHost(`00000000-0000-4000-8000-${String(1000 + h).padStart(12, '0')}`, `sw-${h}`),
    network_id: NETWORK,
    addresses: [{ ip: `10.0.1.${h}`, mac: '00:1a:2b:00:00:02', subnet_id: 'subnet-1' }],
  };
}

const lookups: HostLookups = {
  nameOf: (id) => (id === NETWORK ? `Office ${FIELD}` : id?.includes('b000') ? FIELD : undefined),
  subnets: new Map([['subnet-1', { id: 'subnet-1', cidr: '10.0.1.0/24' } as never]]),
};

function viewOf(hosts: InventoryHost[]): HostListView {
  return {
    rows: hosts.map((host) => ({ host, credentials: [] })),
    lookups,
    place: 'network',
    offset: 0,
    limit: hosts.length,
    matched: hosts.length + 10,
    scanned: hosts.length + 10,
    complete: true,
    skipped: 0,
    notes: [],
  };
}

/** Rows whose addresses count how often they are read: twice per rendering (item and line). */
function counted(view: HostListView) {
  let reads = 0;
  const rows: HostRow[] = view.rows.map((row) => {
    const host = { ...row.host };
    Object.defineProperty(host, 'addresses', {
      get: () => {
        reads += 1;
        return row.host.addresses;
      },
      enumerable: true,
    });
    return { ...row, host };
  });
  return { view: { ...view, rows }, reads: () => reads };
}

const HOSTILE = viewOf(Array.from({ length: 50 }, (_, h) => hostileHost(h)));
const MIXED = viewOf([plainHost(1), hostileHost(1), plainHost(2), plainHost(3), hostileHost(2)]);
const BUDGET = 100_000;

describe('list_hosts over hostile rows', () => {
  it('renders each row once when the budget cuts the answer, as often as when it fits', () => {
    const whole = counted(HOSTILE);
    hostListWithinBudget(whole.view, 100 * 2 ** 20);
    const cut = counted(HOSTILE);
    const answer = hostListWithinBudget(cut.view, BUDGET);
    expect(answer.structured.truncated).toBe(true);
    // Before, the 2 rows that fit were rendered again after all 50 were: 104 reads, not 100.
    expect(cut.reads()).toBe(whole.reads());
  });

  it('lets other work run between rows and answers what the one-block view answers', async () => {
    const order: string[] = [];
    const pending = hostListInTurns(HOSTILE, BUDGET, turnsOf(0)).then((answer) => {
      order.push('view drawn');
      return answer;
    });
    setImmediate(() => order.push('other caller'));
    const answer = await pending;
    expect(order).toEqual(['other caller', 'view drawn']);
    const block = hostListWithinBudget(HOSTILE, BUDGET);
    expect(answer.text).toBe(block.text);
    expect(jsonOf(answer.structured)).toBe(jsonOf(block.structured));
  });

  it('gives the one-block answer, byte for byte, for any budget over plain and hostile rows', async () => {
    for (const view of [MIXED, HOSTILE]) {
      for (const budget of [0, 2_000, 10_000, 30_000, 80_000, 100_000, 10 * 2 ** 20]) {
        const inTurns = await hostListInTurns(view, budget, turnsOf(0));
        const block = hostListWithinBudget(view, budget);
        expect(inTurns.text).toBe(block.text);
        expect(jsonOf(inTurns.structured)).toBe(jsonOf(block.structured));
      }
    }
  });
});
