// Validates elicitation answers against MCP's flat form schemas, so the SDK need not load ajv at start-up.
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/server';

type Field = Record<string, unknown>;

const FORMATS: Readonly<Record<string, RegExp>> = {
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i,
};

const optionsOf = (list: unknown): string[] | undefined =>
  Array.isArray(list)
    ? list.map((item) => (typeof item === 'string' ? item : String((item as Field)['const'])))
    : undefined;

const number = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

/** Why `value` does not fit one primitive field of a form schema, or undefined when it fits. */
function fieldProblem(field: Field, value: unknown): string | undefined {
  switch (field['type']) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field['type'] === 'integer' && !Number.isInteger(value)) return 'must be an integer';
      if (value < (number(field['minimum']) ?? -Infinity)) return 'is below the minimum';
      if (value > (number(field['maximum']) ?? Infinity)) return 'is above the maximum';
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return 'must be a string';
      const options = optionsOf(field['enum'] ?? field['oneOf']);
      if (options && !options.includes(value)) return 'is not one of the options';
      if (value.length < (number(field['minLength']) ?? 0)) return 'is too short';
      if (value.length > (number(field['maxLength']) ?? Infinity)) return 'is too long';
      const format = typeof field['format'] === 'string' ? FORMATS[field['format']] : undefined;
      return format && !format.test(value) ? `is not a valid ${field['format']}` : undefined;
    }
    case 'array': {
      const items = (field['items'] ?? {}) as Field;
      const options = optionsOf(items['enum'] ?? items['anyOf']);
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
        return 'must be a list of strings';
      }
      if (options && !value.every((item) => options.includes(item))) return 'has an unknown option';
      if (value.length < (number(field['minItems']) ?? 0)) return 'has too few items';
      if (value.length > (number(field['maxItems']) ?? Infinity)) return 'has too many items';
      return undefined;
    }
    default:
      return `has an unsupported schema type ${JSON.stringify(field['type'])}`;
  }
}

/** Every problem with an answer to a form schema (`{ type: 'object', properties, required }`). */
export function formProblems(schema: JsonSchemaType, input: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return ['must be an object'];
  const answer = input as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Field>;
  const problems: string[] = [];
  for (const name of schema.required ?? []) {
    if (answer[name] === undefined) problems.push(`${name} is required`);
  }
  for (const [name, value] of Object.entries(answer)) {
    const field = properties[name];
    const problem = field ? fieldProblem(field, value) : undefined;
    if (problem) problems.push(`${name} ${problem}`);
  }
  return problems;
}

export const formSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input) => {
      const problems = formProblems(schema, input);
      return problems.length === 0
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: problems.join('; ') };
    };
  },
};
