// Turns a raw HTTP answer into the envelope or a typed error, surviving HTML, plain text and odd JSON.
import { errorCode, errorParams } from '../safety/error-fields.js';
import { oneLine, sanitizeJson, sanitizeJsonAt, serviceText } from '../safety/sanitize.js';
import { markServiceData } from '../safety/service-data-mark.js';
import { parseBoundedEnvelope, parseBoundedEnvelopeInTurns } from './bounded-json.js';
import { type Endpoint, EndpointNotOfferedError, HttpError, ResponseShapeError } from './errors.js';
import { parseResetSeconds, parseRetryAfter } from './retry-after.js';
import { type Envelope, envelopeSchema } from './schemas.js';
import type { RawResponse } from './transport/http.js';
import { type Turns, turnsOf } from './turns.js';

const MAX_SERVICE_MESSAGE = 300;

/**
 * Returns the success envelope, or throws the error that best explains the answer. A body over
 * 64 KB is parsed and cleaned in turns (src/api/turns.ts): other callers are served meanwhile.
 */
export async function interpretResponse(
  endpoint: Endpoint,
  response: RawResponse,
  serverVersion: string | undefined,
  /** Applied to service text before it is cut, so no secret is left half-masked by the cut. */
  redact: (text: string) => string = (text) => text,
  /** A list page: build only this many items of `data` (its length still counts every item). */
  maxItems?: number,
  /** Build only these keys of each object item of `data`, or of `data` when it is one object. */
  itemKeys?: readonly string[],
): Promise<Envelope> {
  const { status } = response;
  const cutPlain = (text: string) => serviceText(redact(text), MAX_SERVICE_MESSAGE);
  // A message that reads like an instruction is marked as the service's; a Location is a URL.
  const cut = (text: string) => markServiceData(cutPlain(text));
  const messageOf = (error: unknown) => serviceMessage(error, cut);
  if (status >= 300 && status < 400) {
    const location = header(response, 'location');
    throw new HttpError(endpoint, status, { location: location && cutPlain(location) });
  }
  const json = response.bytes
    ? await parseInTurns(response.bytes, maxItems, itemKeys)
    : parseJson(response.text, maxItems, itemKeys);
  const envelope = json === undefined ? undefined : envelopeSchema.safeParse(json);
  if (envelope?.success) {
    const body = envelope.data;
    if (status < 300 && body.success) return body;
    throw new HttpError(endpoint, status, {
      serviceMessage: messageOf(body.error),
      code: errorCode(body.code),
      params: errorParams(body.params),
      retryAfterSeconds: retryAfter(response),
    });
  }
  if ((status < 300 && looksLikeHtml(response)) || status === 404 || status === 405) {
    throw new EndpointNotOfferedError(endpoint, status, serverVersion);
  }
  if (status < 300) {
    const problem =
      json === undefined ? 'the body is not valid JSON' : 'the body is not the JSON envelope';
    throw new ResponseShapeError(endpoint, status, problem);
  }
  const loose = json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  throw new HttpError(endpoint, status, {
    serviceMessage: loose
      ? messageOf(loose['error'] ?? loose['message'])
      : plainTextMessage(response, cut),
    code: errorCode(loose?.['code']),
    retryAfterSeconds: retryAfter(response),
  });
}

function parseJson(
  text: string,
  maxItems: number | undefined,
  itemKeys: readonly string[] | undefined,
): unknown {
  try {
    const value =
      maxItems === undefined && itemKeys === undefined
        ? parseWhole(text)
        : parseBoundedEnvelope(text, maxItems ?? Number.POSITIVE_INFINITY, undefined, itemKeys);
    // Every JSON value from the service is cleaned here, once, before anything reads it.
    return value === undefined ? undefined : sanitizeJson(value);
  } catch {
    return undefined;
  }
}

/**
 * A body over 64 KB: read from its bytes (a hostile answer is never decoded whole), item by item
 * of `data` (every item when no page size was asked), and cleaned item by item, giving up the
 * event loop every few milliseconds. The value is the one parseJson gives.
 */
async function parseInTurns(
  bytes: Uint8Array,
  maxItems: number | undefined,
  itemKeys: readonly string[] | undefined,
): Promise<unknown> {
  const turns = turnsOf();
  try {
    const all = maxItems ?? Number.POSITIVE_INFINITY;
    const value = await parseBoundedEnvelopeInTurns(bytes, all, turns, itemKeys);
    return await sanitizeInTurns(value, turns);
  } catch {
    return undefined;
  }
}

/** sanitizeJson(value), with a pause possible between two items of its `data` list. */
async function sanitizeInTurns(value: unknown, turns: Turns): Promise<unknown> {
  const data = isRecord(value) ? value['data'] : undefined;
  if (!isRecord(value) || !Array.isArray(data)) return sanitizeJson(value);
  // Holes stay holes: the items a bounded parse counted but did not build.
  const cleaned: unknown[] = new Array(data.length);
  for (let at = 0; at < data.length; at++) {
    if (!(at in data)) continue;
    cleaned[at] = sanitizeJsonAt(data[at], 2, 'data');
    const pause = turns.pause();
    if (pause) await pause;
  }
  // The envelope around it as sanitizeJson rebuilds it (keys on one line, last one wins).
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      oneLine(name, 100),
      name === 'data' ? cleaned : sanitizeJson(inner, 1, name),
    ]),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parseWhole(text: string): unknown {
  return /^\s*$/.test(text) ? undefined : JSON.parse(text);
}

function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function looksLikeHtml(response: RawResponse): boolean {
  const type = header(response, 'content-type') ?? '';
  return type.includes('html') || /^\s*</.test(response.text);
}

/** The service's `error` is usually a string; on 402 it is an object with its own message. */
function serviceMessage(error: unknown, cut: (text: string) => string): string | undefined {
  if (typeof error === 'string') return cut(error);
  if (error && typeof error === 'object') {
    const inner =
      (error as Record<string, unknown>)['message'] ?? (error as Record<string, unknown>)['error'];
    if (typeof inner === 'string') return cut(inner);
    return cut(JSON.stringify(error));
  }
  return undefined;
}

/** Plain-text error bodies (400/415/422, raw 500s) are kept short; HTML pages are never quoted. */
function plainTextMessage(
  response: RawResponse,
  cut: (text: string) => string,
): string | undefined {
  if (looksLikeHtml(response)) return undefined;
  const text = response.text.trim();
  return text === '' ? undefined : cut(text);
}

/**
 * The wait the service asked for: Retry-After (whole seconds, usually 0, or an HTTP-date), else
 * on a 429 X-RateLimit-Reset, which Scanopy sends beside it with the same number. On other
 * answers X-RateLimit-Reset is a constant (60) that says nothing, so it is not read there.
 */
export function retryAfter(response: RawResponse): number | undefined {
  const value = header(response, 'retry-after');
  const asked = value === undefined ? undefined : parseRetryAfter(value, Date.now());
  if (asked !== undefined) return asked;
  const reset = response.status === 429 ? header(response, 'x-ratelimit-reset') : undefined;
  return reset === undefined ? undefined : parseResetSeconds(reset);
}
