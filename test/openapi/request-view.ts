// The document as a request validator must read it: readOnly properties are never required of a client.
type Node = Record<string, unknown>;

/**
 * OpenAPI says a readOnly property "MUST NOT be sent" in a request even when listed as required
 * (Scanopy marks id, created_at and updated_at so); openapi-backend's Ajv does not know that, so
 * they are taken out of every `required` list before requests are validated. Responses are
 * sampled from the unchanged document.
 */
export function withoutReadOnlyRequired<T>(document: T): T {
  const copy = structuredClone(document);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const schema = node as Node;
    const properties = schema['properties'] as Record<string, Node> | undefined;
    if (Array.isArray(schema['required']) && properties) {
      schema['required'] = (schema['required'] as string[]).filter(
        (name) => properties[name]?.['readOnly'] !== true,
      );
    }
    Object.values(schema).forEach(visit);
  };
  visit(copy);
  return copy;
}
