// list_links' output shapes: the loose one the catalog lists, and the full one tests hold answers to.
import * as z from 'zod';
import { pageEndShape } from '../common/shapes.js';

/** As the catalog lists it: small (the catalog's byte budget); counts, path, subject, mermaid and compact rows ride beside. */
export const linkListOutput = {
  summary: z.string(),
  links: z.array(z.unknown()).optional(),
  pagination: z.unknown().optional(),
  next_step: z.string().optional(),
};

/** A host's (or port's) links: linked, none reported, or not known (and why). */
export const linkStateShape = z.object({
  state: z.enum(['linked', 'none_reported', 'not_known']),
  links: z.number().optional(),
  why: z.string().optional(),
  run: z.object({ id: z.string(), name: z.string(), at: z.string().optional() }).optional(),
});

/** A link: each end's host by name, or by id where the name is empty, holds a UUID or is shared; host_names maps the ids. */
export const linkItemShape = z.object({
  a: z.object({ host: z.string(), port: z.string() }),
  b: z.object({
    host: z.string(),
    port: z.string().optional(),
    port_known: z.literal(false).optional(),
    advertised_system: z.string().optional(),
    advertised_port: z.string().optional(),
    outside: z.literal(true).optional(),
  }),
  protocol: z.enum(['LLDP', 'CDP']).optional(),
  last_seen: z.string().optional(),
  kept_from_earlier_scan: z.literal(true).optional(),
});

export const hopShape = z.object({
  from: z.string(),
  from_id: z.string(),
  from_port: z.string(),
  to: z.string(),
  to_id: z.string(),
  to_port: z.string(),
  protocol: z.string().optional(),
});

/** list_links' answer in full (links, or counts with counts_only). */
export const linkListShape = z.object({
  summary: z.string(),
  subject: linkStateShape.extend({ label: z.string() }).optional(),
  path: z
    .object({ found: z.boolean(), hops: z.array(hopShape).optional(), why: z.string().optional() })
    .optional(),
  links: z.array(linkItemShape).optional(),
  /** Host id -> name, once for every named host the links reach. */
  host_names: z.record(z.string(), z.string()).optional(),
  counts: z
    .object({
      links: z.number(),
      by_network: z.array(
        z.object({ network: z.string(), network_id: z.string(), links: z.number() }),
      ),
      by_switch: z.array(z.object({ host: z.string(), host_id: z.string(), links: z.number() })),
      by_protocol: z.record(z.string(), z.number()),
      hosts: z.object({ linked: z.number(), none_reported: z.number(), not_known: z.number() }),
    })
    .optional(),
  mermaid: z.string().optional(),
  notes: z.array(z.string()).optional(),
  ...pageEndShape,
  pagination: pageEndShape.pagination.optional(),
});
export type LinkListOutput = z.infer<typeof linkListShape>;

/** A host's neighbours as get_host shows them, interface by interface. */
export const interfaceNeighbourShape = z.object({
  state: z.enum(['linked', 'none_reported', 'not_known']),
  host: z.string().optional(),
  host_id: z.string().optional(),
  port: z.string().optional(),
  port_known: z.literal(false).optional(),
  outside: z.literal(true).optional(),
  protocol: z.enum(['LLDP', 'CDP']).optional(),
  last_seen: z.string().optional(),
  /** Why a neighbour is not known where the host's walk was whole (its far end was not read). */
  why: z.string().optional(),
});
