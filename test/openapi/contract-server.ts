// A mock Scanopy on 127.0.0.1 built from one of its OpenAPI documents: validates every request, answers samples.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ajvFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Operation, type Request } from 'openapi-backend';
import type { ScanopyDocument } from './documents.js';
import { withoutReadOnlyRequired } from './request-view.js';
import { sampleSchema } from './sample-response.js';

export interface ContractRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
  /** The document's operationId, or undefined when no operation matches. */
  readonly operationId: string | undefined;
  /** The body the mock answered with. */
  readonly answer: unknown;
}

export interface ContractApi {
  readonly url: URL;
  readonly version: string;
  readonly requests: ContractRequest[];
  /** One line per request that breaks the document: undeclared route, query, body or auth. */
  readonly violations: string[];
  /** One line per answer of the mock that its own document would reject (a bug of the mock). */
  readonly sampleProblems: string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** What the real service answers for /api/version: the release this document describes. */
function versionBody(version: string) {
  return { success: true, data: { api_version: 1, server_version: version }, meta: meta(version) };
}

function meta(version: string) {
  return { api_version: 1, server_version: version };
}

type Body = Record<string, unknown>;

/**
 * The 200 answer of an operation, sampled: lists get two items (so a dropped item shows), a
 * filter the request carries holds for every item, a read or write of one entity answers that
 * entity, and the envelope's meta tells this release and the request's page.
 */
function answerFor(doc: ScanopyDocument, operation: Operation, request: Request): unknown {
  const content = (
    operation.responses?.['200'] as { content?: Record<string, { schema?: object }> }
  )?.content?.['application/json'];
  if (!content?.schema) return { success: true, meta: meta(doc.version) };
  const query = request.query as Record<string, string>;
  const body = sampleSchema(content.schema, doc.document, operation.operationId ?? '', 2) as Body;
  const data = body['data'];
  const id = (request.params as Record<string, string> | undefined)?.['id'];
  if (id && data && typeof data === 'object' && !Array.isArray(data))
    body['data'] = { ...data, id };
  const base = { ...(body['meta'] as object), ...meta(doc.version) };
  if (!Array.isArray(data)) {
    body['meta'] = base;
    return body;
  }
  body['data'] = data.map((item: Body) => {
    const filtered = { ...item };
    for (const key of ['network_id', 'daemon_id']) {
      if (query[key] && key in filtered) filtered[key] = query[key];
    }
    return filtered;
  });
  const page = { limit: Number(query['limit'] ?? 50), offset: Number(query['offset'] ?? 0) };
  body['meta'] = { ...base, pagination: { total_count: data.length, ...page, has_more: false } };
  return body;
}

function describeErrors(errors: unknown): string {
  return (errors as { instancePath?: string; message?: string; params?: object }[])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`)
    .join('; ');
}

export async function startContractApi(doc: ScanopyDocument): Promise<ContractApi> {
  const backend = new OpenAPIBackend({
    definition: withoutReadOnlyRequired(doc.document) as unknown as Document,
    quick: true,
    // openapi-backend's Ajv knows only its own few formats; uuid and date-time come from here.
    customizeAjv: (ajv) => ajvFormats.default(ajv),
  });
  await backend.init();
  const requests: ContractRequest[] = [];
  const violations: string[] = [];
  const sampleProblems: string[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);
    const body = text === '' ? undefined : JSON.parse(text);
    const query = Object.fromEntries(url.searchParams);
    const request: Request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers: req.headers as Request['headers'],
      body,
    };
    const where = `${request.method} ${url.pathname}${url.search}`;
    const operation = backend.router.matchOperation(request);
    let status = 200;
    let answer: unknown;
    if (!operation) {
      violations.push(`${where}: Scanopy ${doc.version} declares no such operation`);
      status = 404;
      answer = { success: false, error: 'Not found', meta: meta(doc.version) };
    } else {
      const parsed = backend.router.parseRequest(request, operation);
      const result = backend.validator.validateRequest(parsed, operation);
      if (!result.valid) violations.push(`${where}: ${describeErrors(result.errors)}`);
      if (operation.security?.length && !req.headers.authorization && !req.headers.cookie) {
        violations.push(`${where}: sent without the API key or session the operation requires`);
      }
      answer =
        operation.operationId === 'get_version'
          ? versionBody(doc.version)
          : answerFor(doc, operation, parsed);
      const checked = backend.validator.validateResponse(answer, operation, 200);
      if (!checked.valid) sampleProblems.push(`${where}: ${describeErrors(checked.errors)}`);
    }
    requests.push({
      method: request.method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      operationId: operation?.operationId,
      answer,
    });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`${req.method} ${req.url}: mock failed: ${String(error)}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'mock failed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    version: doc.version,
    requests,
    violations,
    sampleProblems,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
