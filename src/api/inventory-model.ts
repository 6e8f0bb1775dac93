// The one internal host model every Scanopy version's host payload is normalised to (0.14 interfaces, 0.16 ip_addresses, 0.17 sites and discovery ids).

/** An IP address of a host (0.14-0.15 `interfaces`, 0.16+ `ip_addresses`). */
export interface InventoryAddress {
  readonly id?: string | undefined;
  readonly ip: string;
  readonly subnet_id?: string | undefined;
  readonly mac?: string | undefined;
  readonly mac_vendor?: string | undefined;
}

/** A port's or service's own sightings: 0.17.0+ rows carry them, older ones do not (left out). */
export interface InventoryRowSightings {
  /** The row's created_at: when a run first saw it. */
  readonly first_seen_at?: string | undefined;
  readonly last_seen_at?: string | undefined;
}

export interface InventoryPort extends InventoryRowSightings {
  readonly id?: string | undefined;
  readonly number: number;
  /** Lower case, as people write it: tcp, udp. */
  readonly protocol: string;
}

export interface InventoryService extends InventoryRowSightings {
  /** Every version's host payload carries it: a virtualized host names its parent by it. */
  readonly id?: string | undefined;
  readonly name: string;
  readonly definition?: string | undefined;
  /** The ports the service is bound to (its Port bindings). */
  readonly port_ids: readonly string[];
}

/** An SNMP ifTable entry (0.14-0.17.21 `if_entries`/`/api/v1/if-entries`, 0.16+ host `interfaces`). */
export interface InventorySnmpInterface {
  /** The row's own id: a neighbour names the far port by it. */
  readonly id?: string | undefined;
  readonly index?: number | undefined;
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly alias?: string | undefined;
  readonly mac?: string | undefined;
  readonly admin_status?: string | undefined;
  readonly oper_status?: string | undefined;
  readonly speed_bps?: number | undefined;
  /** The IP address row this interface carries. */
  readonly address_id?: string | undefined;
  /** 0.14-0.17.14: the resolved LLDP/CDP neighbour (0.17.15+ keeps it in the topology bundle). */
  readonly neighbor?: InventoryNeighbor | undefined;
  /** What the neighbour advertised (raw LLDP/CDP): service text, never shown for a far end out of scope. */
  readonly advertised?: InventoryAdvertised | undefined;
}

/** A far end: a port (an SNMP interface row's id) or only a device (a host id, its port not known). */
export interface InventoryNeighbor {
  readonly kind: 'interface' | 'host';
  readonly id: string;
}

/** The raw LLDP or CDP text a port received from its neighbour. */
export interface InventoryAdvertised {
  readonly protocol: 'lldp' | 'cdp';
  readonly system?: string | undefined;
  readonly port?: string | undefined;
}

/** One dated entry of a host's `source.metadata` (0.14-0.16: its last five discoveries). */
export interface InventorySighting {
  readonly daemon_id?: string | undefined;
  readonly date: string;
  readonly type?: string | undefined;
}

export interface InventoryHost {
  readonly id: string;
  readonly name: string;
  readonly hostname?: string | undefined;
  readonly network_id?: string | undefined;
  readonly created_at?: string | undefined;
  readonly updated_at?: string | undefined;
  /** 0.17+: when a discovery last saw the host. */
  readonly last_seen_at?: string | undefined;
  /**
   * Discoveries that first found the host or one of its children (0.17.22 on hosts, 0.17.0+ on
   * IPs, ports and services), and those that last touched them.
   */
  readonly first_discovery_ids: readonly string[];
  readonly last_discovery_ids: readonly string[];
  /** The host's own ids (0.17.22), when it has them: stronger than the children's. */
  readonly first_discovery_id?: string | undefined;
  readonly last_discovery_id?: string | undefined;
  readonly sightings: readonly InventorySighting[];
  readonly tags: readonly string[];
  readonly description?: string | undefined;
  readonly sys_descr?: string | undefined;
  readonly sys_location?: string | undefined;
  readonly hidden?: boolean | undefined;
  /** OS as one line ("Linux Ubuntu 24.04"), and its family alone (0.17.20+). */
  readonly os?: string | undefined;
  readonly os_family?: string | undefined;
  readonly addresses: readonly InventoryAddress[];
  readonly ports: readonly InventoryPort[];
  readonly services: readonly InventoryService[];
  readonly snmp_interfaces: readonly InventorySnmpInterface[];
  /** Credentials assigned to the host itself (0.14 snmp_credential_id; 0.15+ assignments, any type). */
  readonly credential_ids: readonly string[];
  readonly virtualization?:
    | { readonly type?: string | undefined; readonly service_id?: string | undefined }
    | undefined;
}

/** A host known by id and name alone (a link's far end, a test's row): every list empty, nothing else known. */
export const emptyHost = (id: string, name: string): InventoryHost => ({
  id,
  name,
  first_discovery_ids: [],
  last_discovery_ids: [],
  sightings: [],
  tags: [],
  addresses: [],
  ports: [],
  services: [],
  snmp_interfaces: [],
  credential_ids: [],
});

/** A subnet: where an address belongs, by CIDR. */
export interface InventorySubnet {
  readonly id: string;
  readonly cidr: string;
  readonly name?: string | undefined;
  readonly network_id?: string | undefined;
}

/** A network (a site on 0.17.22) with the credentials every host in it inherits (0.14: one SNMP credential). */
export interface InventoryNetwork {
  readonly id: string;
  readonly name: string;
  readonly credential_ids: readonly string[];
}

/** An IP address row of the version's IP route, with the host it belongs to. */
export interface InventoryAddressRow extends InventoryAddress {
  readonly host_id: string;
}
