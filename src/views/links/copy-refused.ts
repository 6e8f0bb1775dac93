// Why links cannot be read when no host copy may be kept, in words that name the fix: more hosts than one copy holds, or no room in this server's shared ceiling right now.
import { type CopyRefusal, MAX_COPY_HOSTS } from '../../api/inventory/kept-inventory.js';

const CEILING_VARIABLE = 'NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS';

/** 25000 as "25,000" (toLocaleString would load ICU's locale data for it). */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** list_links' error when no copy was made. */
export function linksRefusedText(refusal: CopyRefusal | undefined): string {
  if (refusal?.reason === 'room') {
    return `Links are read from a kept copy of every host this key reads, and this server has no room for one now: kept copies, reads in flight and link bundles of every caller together are held to ${grouped(refusal.ceiling)} hosts (${CEILING_VARIABLE}), and this key's list has ${grouped(refusal.hosts)}. Ask again in a few minutes, when older copies are let go, or raise ${CEILING_VARIABLE}. Nothing was listed.`;
  }
  return `The service lists more than ${grouped(refusal?.ceiling ?? MAX_COPY_HOSTS)} hosts${refusal?.hosts === undefined ? '' : ` (${grouped(refusal.hosts)})`}: links are read from a kept copy of them all, which is refused at that size. Nothing was listed.`;
}

/** list_changes' "not counted" entry for links when no copy was made. */
export function linkChangesRefused(refusal: CopyRefusal | undefined) {
  return refusal?.reason === 'room'
    ? {
        why: `links are read from a kept copy of every host, and this server had no room for one (${CEILING_VARIABLE}, ${grouped(refusal.ceiling)} hosts for every caller together; this key's list has ${grouped(refusal.hosts)}): link changes are not counted here`,
        would_tell: `asking again in a few minutes, when older copies are let go, or a higher ${CEILING_VARIABLE}`,
      }
    : {
        why: `links are read from a kept copy of every host, which is refused beyond ${grouped(refusal?.ceiling ?? MAX_COPY_HOSTS)} hosts: link changes are not counted here`,
        would_tell:
          'a service with fewer hosts; meanwhile Scanopy\u2019s topology view marks links not seen lately',
      };
}
