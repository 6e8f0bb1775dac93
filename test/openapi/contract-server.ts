// A mock Scanopy on 127.0.0.1 built from one of its OpenAPI documents: validates every request, answers samples.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ajvFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Request } from 'openapi-backend';
import { createAnswers, type ListOverrides } from './answers.js';
import type { ScanopyDocument } from './documents.js';
import { withoutReadOnlyRequired } from './request-view.js';

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

function describeErrors(errors: unknown): string {
  return (errors as { instancePath?: string; message?: string; params?: object }[])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`)
    .join('; ');
}

/**
 * How the real service answers a route it does not have (docs/upstream.md):
 * a bare 404, or 200 with the web UI's HTML where the server also serves the UI.
 */
export type UnknownRouteAnswer = 'not-found' | 'web-ui';

const WEB_UI =
  '<!doctype html><html><head><title>Scanopy</title></head><body><div id="app"></div></body></html>';

function answerUnknownRoute(res: ServerResponse, unknownRoutes: UnknownRouteAnswer): void {
  if (unknownRoutes === 'web-ui') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(WEB_UI);
  } else {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
  }
}

const backends = new Map<string, Promise<OpenAPIBackend>>();

/**
 * One router and validator per document for the whole file: it holds no request state, and
 * Ajv's compiled validators (a few hundred ms per operation on first use) are then compiled once.
 */
function backendFor(doc: ScanopyDocument): Promise<OpenAPIBackend> {
  let backend = backends.get(doc.version);
  if (!backend) {
    const api = new OpenAPIBackend({
      definition: withoutReadOnlyRequired(doc.document) as unknown as Document,
      quick: true,
      // openapi-backend's Ajv knows only its own few formats; uuid and date-time come from here.
      customizeAjv: (ajv) => ajvFormats.default(ajv),
    });
    backend = api.init();
    backends.set(doc.version, backend);
  }
  return backend;
}

export interface ContractApiOptions {
  readonly unknownRoutes?: UnknownRouteAnswer;
  /** List answers chosen by the test (still validated against the document's schema). */
  readonly lists?: ListOverrides;
}

export async function startContractApi(
  doc: ScanopyDocument,
  options: ContractApiOptions = {},
): Promise<ContractApi> {
  const unknownRoutes = options.unknownRoutes ?? 'not-found';
  const backend = await backendFor(doc);
  const requests: ContractRequest[] = [];
  const violations: string[] = [];
  const sampleProblems: string[] = [];
  const answerFor = createAnswers(doc, options.lists);

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
    const record = {
      method: request.method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
    };
    if (!operation) {
      violations.push(`${where}: Scanopy ${doc.version} declares no such operation`);
      requests.push({ ...record, operationId: undefined, answer: undefined });
      answerUnknownRoute(res, unknownRoutes);
      return;
    }
    // A list in the query is its key repeated (OpenAPI's default style): the validator wants it whole.
    for (const parameter of operation.parameters ?? []) {
      if (!('in' in parameter) || parameter.in !== 'query') continue;
      const type = (parameter.schema as { type?: string | string[] } | undefined)?.type;
      const listed = Array.isArray(type) ? type.includes('array') : type === 'array';
      if (listed && url.searchParams.has(parameter.name)) {
        (request.query as Record<string, string | string[]>)[parameter.name] =
          url.searchParams.getAll(parameter.name);
      }
    }
    const parsed = backend.router.parseRequest(request, operation);
    const result = backend.validator.validateRequest(parsed, operation);
    if (!result.valid) violations.push(`${where}: ${describeErrors(result.errors)}`);
    if (operation.security?.length && !req.headers.authorization && !req.headers.cookie) {
      violations.push(`${where}: sent without the API key or session the operation requires`);
    }
    const answer = answerFor(operation, parsed);
    const checked = backend.validator.validateResponse(answer, operation, 200);
    if (!checked.valid) sampleProblems.push(`${where}: ${describeErrors(checked.errors)}`);
    requests.push({ ...record, operationId: operation.operationId, answer });
    res.writeHead(200, { 'content-type': 'application/json' });
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
