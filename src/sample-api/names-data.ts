// Names of the sample data's networks, daemons, tags and hosts, as the 0.14 list endpoints return them.
import { SAMPLE_DAEMONS, SAMPLE_NETWORKS, SAMPLE_ORGANIZATION_ID, SAMPLE_TAGS } from './data.js';

export type NameKind = 'networks' | 'daemons' | 'tags' | 'hosts';

export type SampleNames = Record<NameKind, Record<string, unknown>[]>;

const T0 = '2026-10-01T09:00:00Z';
/** The third network generateDiscoveries() spreads items over. */
export const GENERATED_NETWORK_ID = 'daaac094-0007-4daa-8ac0-000000000003';
export const SAMPLE_HOSTS = {
  officeDaemonHost: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
  labDockerHost: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
} as const;

const base = (id: string, name: string) => ({
  id,
  name,
  organization_id: SAMPLE_ORGANIZATION_ID,
  created_at: T0,
  updated_at: T0,
});

/** A fresh copy of the sample names; tests add or rename entries in their own copy. */
export function sampleNames(): SampleNames {
  return {
    networks: [
      { ...base(SAMPLE_NETWORKS.office, 'Office'), tags: [] },
      { ...base(SAMPLE_NETWORKS.lab, 'Lab'), tags: [] },
      { ...base(GENERATED_NETWORK_ID, 'Branch office'), tags: [] },
    ],
    daemons: [
      {
        ...base(SAMPLE_DAEMONS.office, 'office-gw'),
        network_id: SAMPLE_NETWORKS.office,
        host_id: SAMPLE_HOSTS.officeDaemonHost,
        mode: 'daemon_poll',
        version: '0.14.13',
      },
      {
        ...base(SAMPLE_DAEMONS.lab, 'lab-pi'),
        network_id: SAMPLE_NETWORKS.lab,
        host_id: SAMPLE_HOSTS.labDockerHost,
        mode: 'server_poll',
        version: '0.14.13',
      },
    ],
    tags: [
      { ...base(SAMPLE_TAGS.core, 'core'), description: 'Core switching', color: 'blue' },
      { ...base(SAMPLE_TAGS.printers, 'printers'), description: null, color: 'green' },
    ],
    hosts: [
      { ...base(SAMPLE_HOSTS.officeDaemonHost, 'office-gw'), hostname: 'office-gw.lan' },
      { ...base(SAMPLE_HOSTS.labDockerHost, 'lab-docker'), hostname: 'lab-docker.lan' },
    ],
  };
}

/** The sample names with `count` more networks ("Site 1"...), a daemon each, and a tag no item carries. */
export function namesOfManySites(count: number) {
  const names = sampleNames();
  const networks: string[] = [];
  const daemons: string[] = [];
  for (let i = 1; i <= count; i++) {
    const hex = i.toString(16).padStart(12, '0');
    const network = `5a5a5a5a-0000-4000-8000-${hex}`;
    const daemon = `dadadada-0000-4000-8000-${hex}`;
    networks.push(network);
    daemons.push(daemon);
    names.networks.push({ ...base(network, `Site ${i}`), tags: [] });
    names.daemons.push({
      ...base(daemon, `site-${i}-pi`),
      network_id: network,
      mode: 'daemon_poll',
    });
  }
  names.tags.push({ ...base(UNUSED_TAG_ID, 'unused'), description: null, color: 'gray' });
  return { names, networks, daemons };
}

/** A tag namesOfManySites adds and no discovery carries. */
export const UNUSED_TAG_ID = '0a0a0a0a-0b0b-4c0c-8d0d-0e0e0e0e0e0e';
