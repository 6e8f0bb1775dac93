// A whole side list counts its pages' bytes as one answer: beyond the response cap it is refused, not held.
import { type Endpoint, ResponseTooLargeError } from './errors.js';
import type { Page } from './request.js';

/**
 * `readPage`, adding up the bytes of the pages it returns. The side-list caps count pages (100)
 * and items (100,000), not bytes: a service with 20 MB pages took one host list to 2,074 MB
 * RSS, each page within the per-answer cap and within the budget of bytes in flight while it was
 * read, then held as items beside the next. Once the pages together pass `limitBytes` (the
 * per-answer cap, NETWORK_DISCOVERY_MAX_RESPONSE_BYTES) the list is refused as one too-large
 * answer would be, and what was read so far is let go.
 */
export function countingBytes<A, T>(
  endpoint: Endpoint,
  limitBytes: number,
  readPage: (at: A) => Promise<Page<T>>,
): (at: A) => Promise<Page<T>> {
  let total = 0;
  return async (at) => {
    const page = await readPage(at);
    total += page.bytes ?? 0;
    if (total > limitBytes) throw new ResponseTooLargeError(endpoint, limitBytes);
    return page;
  };
}
