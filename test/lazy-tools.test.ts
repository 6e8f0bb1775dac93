// The catalog start-up registers from (src/tools/lazy-catalog.ts): the same tools as ALL_TOOLS, in order, with the same selection facts, each loading its own definition.
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { LAZY_TOOLS, selectTools } from '../src/tools/lazy-catalog.js';

describe('LAZY_TOOLS', () => {
  it('names every tool of ALL_TOOLS in the same order', () => {
    expect(LAZY_TOOLS.map((tool) => tool.name)).toEqual(ALL_TOOLS.map((tool) => tool.name));
  });

  it.each(LAZY_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s says what its definition says about writes and the app, and loads that definition',
    async (name, lazy) => {
      const definition = ALL_TOOLS.find((tool) => tool.name === name);
      expect(lazy.writes).toBe(definition?.writes);
      expect(lazy.appOnly).toBe(definition?.appOnly ?? false);
      expect(await lazy.load()).toBe(definition);
    },
  );

  it('selects as the definitions would be selected', () => {
    for (const readOnly of [false, true]) {
      for (const appConfirm of [false, true]) {
        const options = { readOnly, appConfirm };
        expect(selectTools(LAZY_TOOLS, options).map((tool) => tool.name)).toEqual(
          selectTools(ALL_TOOLS, options).map((tool) => tool.name),
        );
      }
    }
  });
});
