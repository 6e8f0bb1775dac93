// Hosts shaped like a 0.16 service's HostResponse with their children, to weigh the name directory's hosts page.
const T = '2026-10-01T09:00:00.123456Z';
const NETWORK = 'daaac094-0001-4daa-8ac0-000000000001';

const uuid = (n: number, kind: number) =>
  `${(0x10000000 + n).toString(16).slice(0, 8)}-${kind.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;

const record = (n: number, kind: number) => ({ id: uuid(n, kind), created_at: T, updated_at: T });
const discovered = { type: 'Discovery', metadata: [{ date: T, daemon_id: uuid(1, 9) }] };

/** An ifTable entry as SNMP discovery records it (most LLDP/CDP fields empty, as on hosts). */
function snmpInterface(host: number, index: number) {
  return {
    ...record(host * 100 + index, 3),
    host_id: uuid(host, 1),
    network_id: NETWORK,
    if_index: index,
    if_descr: `GigabitEthernet0/${index}`,
    if_name: `Gi0/${index}`,
    if_alias: index === 1 ? 'uplink' : null,
    if_type: 6,
    speed_bps: 1_000_000_000,
    admin_status: 'Up',
    oper_status: index % 3 === 0 ? 'Down' : 'Up',
    mac_address: `00:1a:2b:3c:${(host % 256).toString(16).padStart(2, '0')}:${index.toString(16).padStart(2, '0')}`,
    ip_address_id: index === 1 ? uuid(host, 2) : null,
    vlan_ids: [10, 20],
    native_vlan_id: null,
    fdb_macs: null,
    lldp_chassis_id: null,
    lldp_port_id: null,
    lldp_sys_name: null,
    lldp_sys_desc: null,
    lldp_port_desc: null,
    lldp_mgmt_addr: null,
    cdp_device_id: null,
    cdp_port_id: null,
    cdp_platform: null,
    cdp_address: null,
    neighbor: null,
  };
}

function service(host: number, index: number, name: string, port: number) {
  return {
    ...record(host * 100 + index, 5),
    host_id: uuid(host, 1),
    network_id: NETWORK,
    name,
    service_definition: name,
    position: index,
    source: discovered,
    tags: [],
    virtualization: null,
    bindings: [
      {
        ...record(host * 100 + index, 6),
        type: 'Port',
        port_id: uuid(host * 100 + port, 4),
        ip_address_id: uuid(host, 2),
      },
    ],
  };
}

/**
 * `count` hosts as an ordinary network has them: an address, four SNMP interfaces, three open
 * ports and two services each (switches have more, printers fewer).
 */
export function realisticHosts(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      ...record(n, 1),
      name: `host-${n}.office.example`,
      hostname: `host-${n}.office.example`,
      description: null,
      network_id: NETWORK,
      hidden: false,
      chassis_id: null,
      management_url: null,
      snmp_credential_id: null,
      sys_descr: 'Linux host 6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 x86_64',
      sys_contact: null,
      sys_location: 'Rack 2',
      sys_object_id: '1.3.6.1.4.1.8072.3.2.10',
      source: discovered,
      tags: [],
      virtualization: null,
      credential_assignments: [],
      ip_addresses: [
        {
          ...record(n, 2),
          host_id: uuid(n, 1),
          network_id: NETWORK,
          subnet_id: uuid(1, 8),
          ip_address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          mac_address: `00:1a:2b:3c:${(n % 256).toString(16).padStart(2, '0')}:01`,
          name: 'eth0',
          position: 0,
        },
      ],
      interfaces: [1, 2, 3, 4].map((index) => snmpInterface(n, index)),
      ports: [22, 80, 443].map((port) => ({
        ...record(n * 100 + port, 4),
        host_id: uuid(n, 1),
        network_id: NETWORK,
        number: port,
        protocol: 'Tcp',
        type: 'Custom',
      })),
      services: [service(n, 0, 'SSH', 22), service(n, 1, 'Nginx', 443)],
    };
  });
}
