// What the mock Scanopy answers a declared operation: samples of its 200 schema, kept consistent.
import type { Operation, Request } from 'openapi-backend';
import type { ScanopyDocument } from './documents.js';
import { sampleSchema } from './sample-response.js';

type Body = Record<string, unknown>;

function envelopeMeta(version: string) {
  return { api_version: 1, server_version: version };
}

/** Items a test puts in an operation's list answer instead of the sample, by operationId. */
export type ListOverrides = Readonly<Record<string, readonly Body[]>>;

/** Answers for one mock server; remembers listed entities so a read by id finds the same one. */
export function createAnswers(doc: ScanopyDocument, overrides: ListOverrides = {}) {
  const entities = new Map<string, Body>();

  const sampled = (operation: Operation): Body | undefined => {
    const responses = operation.responses as Record<string, { content?: Body }> | undefined;
    const json = responses?.['200']?.content?.['application/json'] as { schema?: object };
    if (!json?.schema) return undefined;
    return sampleSchema(json.schema, doc.document, operation.operationId ?? '', 2) as Body;
  };

  /** A list answer: two items, each holding the filters the request carried, one honest page. */
  const list = (body: Body, items: Body[], query: Record<string, string>): Body => {
    const data = items.map((item) => {
      const filtered = { ...item };
      for (const key of ['network_id', 'daemon_id']) {
        if (query[key] && key in filtered) filtered[key] = query[key];
      }
      if (typeof filtered['id'] === 'string') entities.set(filtered['id'], filtered);
      return filtered;
    });
    const page = { limit: Number(query['limit'] ?? 50), offset: Number(query['offset'] ?? 0) };
    const pagination = { total_count: data.length, ...page, has_more: false };
    return {
      ...body,
      data,
      meta: { ...(body['meta'] as object), ...envelopeMeta(doc.version), pagination },
    };
  };

  return (operation: Operation, request: Request): Body => {
    if (operation.operationId === 'get_version') {
      const data = { api_version: 1, server_version: doc.version };
      return { success: true, data, meta: envelopeMeta(doc.version) };
    }
    const body = sampled(operation);
    if (!body) return { success: true, meta: envelopeMeta(doc.version) };
    const data = body['data'];
    const query = request.query as Record<string, string>;
    const override = overrides[operation.operationId ?? ''];
    if (Array.isArray(data)) return list(body, [...(override ?? (data as Body[]))], query);
    const id = (request.params as Record<string, string> | undefined)?.['id'];
    const one =
      id && data && typeof data === 'object'
        ? // A listed entity read by id is that entity, as on the service. A write answers it as
          // listed too (not echoing the body keeps the new secret out of the answer); the tests
          // look at the request for what was sent.
          { ...(entities.get(id) ?? (data as Body)), id }
        : data;
    return {
      ...body,
      data: one,
      meta: { ...(body['meta'] as object), ...envelopeMeta(doc.version) },
    };
  };
}
