import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContainer, CompileError } from '../src/index';
import { baseProperty, tempDir, writeProperty } from './helpers';

// A selector the browser cannot parse, or a pattern the engine refuses, fails the build with
// the setting's path: no container is written that would stop at it in the page.
describe('building a property with an invalid selector or pattern', () => {
  const property = baseProperty({
    rules: [
      {
        name: 'Link: Find a Pharmacy',
        events: [{ type: 'click', settings: { selector: 'a[href' } }],
        conditions: [{ type: 'path', settings: { pattern: '^/abc[d' } }],
        actions: [{ type: 'dispatch-event', settings: { eventType: 'pharmacy', target: '.results >' } }],
      },
    ],
  });

  it('fails with every path and reason, and writes nothing', async () => {
    const dir = writeProperty(tempDir(), 'fixture', property);
    const out = tempDir();
    const error = (await buildContainer(dir, 'production', { outDir: out }).catch((e: unknown) => e)) as CompileError;
    expect(error).toBeInstanceOf(CompileError);
    expect(error.errors).toEqual([
      'rules[0].events[0].settings.selector: not a valid CSS selector: missing "]" to close the attribute at position 2',
      'rules[0].conditions[0].settings.pattern: invalid regular expression at position 6: unterminated character class',
      'rules[0].actions[0].settings.target: not a valid CSS selector: the combinator ">" at position 10 has nothing after it',
    ]);
    expect(error.message).toContain('rules[0].events[0].settings.selector: not a valid CSS selector');
    expect(existsSync(path.join(out, 'fixture', 'production.js'))).toBe(false);
  });
});
