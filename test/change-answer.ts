// list_changes' tests share this: an answer that must not be an error, its structured part parsed by the tool's own output schema.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { changeListShape } from '../src/views/changes/change-shapes.js';
import { textOf } from './harness.js';

/** The structured answer of a list_changes call that succeeded (its text shown when it did not). */
export function changeAnswer(result: CallToolResult) {
  expect(result.isError, textOf(result)).toBeFalsy();
  return changeListShape.parse(result.structuredContent);
}
