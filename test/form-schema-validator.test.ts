// The elicitation-answer validator that replaces ajv: each rule of MCP's flat form schemas.
import { describe, expect, it } from 'vitest';
import { formProblems, formSchemaValidator } from '../src/mcp/form-schema-validator.js';

const confirm = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Apply this change?' } },
  required: ['confirm'],
};

const form = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, minLength: 2, maxLength: 5 },
    email: { type: 'string' as const, format: 'email' },
    color: { type: 'string' as const, enum: ['red', 'blue'] },
    size: { type: 'string' as const, oneOf: [{ const: 's', title: 'Small' }] },
    count: { type: 'integer' as const, minimum: 1, maximum: 3 },
    ratio: { type: 'number' as const },
    tags: { type: 'array' as const, items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1 },
  },
};

describe('formSchemaValidator', () => {
  it('accepts the confirmation answer and hands back the same data', () => {
    const result = formSchemaValidator.getValidator(confirm)({ confirm: true });
    expect(result).toEqual({ valid: true, data: { confirm: true }, errorMessage: undefined });
  });

  it.each([
    ['a string for a boolean', { confirm: 'yes' }, 'confirm must be a boolean'],
    ['a missing required field', {}, 'confirm is required'],
    ['not an object', ['confirm'], 'must be an object'],
  ])('refuses %s', (_label, answer, problem) => {
    const result = formSchemaValidator.getValidator(confirm)(answer);
    expect(result.valid).toBe(false);
    expect(result.errorMessage).toContain(problem);
  });

  it('checks every primitive rule of a form', () => {
    expect(
      formProblems(form, {
        name: 'a',
        email: 'nope',
        color: 'green',
        size: 'xl',
        count: 2.5,
        ratio: 'x',
        tags: ['a', 'c'],
      }),
    ).toEqual([
      'name is too short',
      'email is not a valid email',
      'color is not one of the options',
      'size is not one of the options',
      'count must be an integer',
      'ratio must be a number',
      'tags has an unknown option',
    ]);
    expect(formProblems(form, { name: 'abcdef', count: 4, tags: ['a', 'b'] })).toEqual([
      'name is too long',
      'count is above the maximum',
      'tags has too many items',
    ]);
    expect(
      formProblems(form, {
        name: 'ok',
        email: 'a@b.c',
        color: 'red',
        size: 's',
        count: 1,
        tags: [],
      }),
    ).toEqual([]);
  });

  it('refuses a field type the form schemas do not have', () => {
    const odd = { type: 'object' as const, properties: { x: { type: 'object' as const } } };
    expect(formProblems(odd, { x: {} })).toEqual(['x has an unsupported schema type "object"']);
  });
});
