// Marks service text that reads like an instruction or markup, so a model sees it as data, not a request.

/**
 * What a hostile name or error uses to pass for this server's own words: markdown structure
 * (headings, links, fences, HTML), links, and the vocabulary of approvals and orders.
 * A false positive costs a visible prefix on an odd name; a miss leaves one line of plain text
 * (one-line sanitizing already keeps it from forming headings or notices of its own).
 */
const INSTRUCTION_LIKE =
  /(?:^|\s)#{1,6}\s|\]\(|```|<\/?[a-z][^<>]*>|https?:\/\/|\b(?:ignore|disregard|instructions?|system prompt|assistant|approv(?:e|ed|al)|confirmed|confirmation(?:_token)?|you must|do not|don't|call (?:it|this|update_|list_|get_))/i;

export const SERVICE_DATA_PREFIX = '[service data] ';

/**
 * Characters judged at most: more than any cap a field is shown with (MAX_SERVICE_FIELD). The test
 * is linear (a link is found by its `](`, a tag stops at the next `<`) and bounded per field.
 */
const MARK_READ = 2_000;

/**
 * `text` as given, or with a visible prefix when it could read as an instruction. `read`: how
 * much of it is judged, for a caller that shows only the start (what is cut off is never seen).
 */
export function markServiceData(text: string, read = MARK_READ): string {
  // Already marked (a name from the name directory shown again): one mark is enough.
  if (text.startsWith(SERVICE_DATA_PREFIX)) return text;
  const judged = text.length > read ? text.slice(0, Math.min(read, MARK_READ)) : text;
  return INSTRUCTION_LIKE.test(judged) ? `${SERVICE_DATA_PREFIX}${text}` : text;
}

/** The text without the mark: a model may pass a marked name back as an argument. */
export const unmarkServiceData = (text: string): string =>
  text.startsWith(SERVICE_DATA_PREFIX) ? text.slice(SERVICE_DATA_PREFIX.length) : text;
