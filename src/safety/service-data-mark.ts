// Marks service text that reads like an instruction or markup, so a model sees it as data, not a request.

/**
 * What a hostile name or error uses to pass for this server's own words: markdown structure
 * (headings, links, fences, HTML), links, and the vocabulary of approvals and orders.
 * A false positive costs a visible prefix on an odd name; a miss leaves one line of plain text
 * (one-line sanitizing already keeps it from forming headings or notices of its own).
 */
const INSTRUCTION_LIKE =
  /(?:^|\s)#{1,6}\s|\[[^\]]*\]\(|```|<\/?[a-z][^>]*>|https?:\/\/|\b(?:ignore|disregard|instructions?|system prompt|assistant|approv(?:e|ed|al)|confirmed|confirmation(?:_token)?|you must|do not|don't|call (?:it|this|update_|list_|get_))/i;

export const SERVICE_DATA_PREFIX = '[service data] ';

/** `text` as given, or with a visible prefix when it could read as an instruction. */
export function markServiceData(text: string): string {
  // Already marked (a name from the name directory shown again): one mark is enough.
  if (text.startsWith(SERVICE_DATA_PREFIX)) return text;
  return INSTRUCTION_LIKE.test(text) ? `${SERVICE_DATA_PREFIX}${text}` : text;
}

/** The text without the mark: a model may pass a marked name back as an argument. */
export const unmarkServiceData = (text: string): string =>
  text.startsWith(SERVICE_DATA_PREFIX) ? text.slice(SERVICE_DATA_PREFIX.length) : text;
