// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger';
import { messageOf } from './validate';

// SPEC §5, §8: an in-app message needs content and contentType; JSON content also needs
// mobileParameters, webParameters and html; a missing one is logged and the message not shown.

const HTML = '<h2>Flu vaccine</h2><p>Book online.</p>';
const read = (data: unknown) => {
  const log = createLogger();
  return { message: messageOf(data, log), logged: log.history.map(([level, text]) => `${level}: ${text}`) };
};

describe('the data of an in-app message', () => {
  it('reads an HTML message and a JSON one, their display settings and rule set', () => {
    const ruleSet = { match: 'all', conditions: [] };
    expect(read({ content: HTML, contentType: 'text/html', webParameters: { width: 80 }, ruleSet })).toEqual({ message: { html: HTML, display: { width: 80 }, ruleSet }, logged: [] });
    expect(read({ content: { html: HTML, mobileParameters: {}, webParameters: { height: 60 } }, contentType: 'application/json' })).toEqual({
      message: { html: HTML, display: { height: 60 }, ruleSet: undefined },
      logged: [],
    });
    expect(read({ content: HTML, contentType: 'text/html' }).message!.display).toEqual({});
  });

  it.each([
    ['content', { contentType: 'text/html' }],
    ['contentType', { content: HTML }],
    ['mobileParameters', { contentType: 'application/json', content: { html: HTML, webParameters: {} } }],
    ['webParameters', { contentType: 'application/json', content: { html: HTML, mobileParameters: {} } }],
    ['html', { contentType: 'application/json', content: { mobileParameters: {}, webParameters: {} } }],
    ['content', undefined],
    ['content', 'text'],
    ['content', { content: '', contentType: 'text/html' }],
    ['html', { contentType: 'application/json', content: { html: 42, mobileParameters: {}, webParameters: {} } }],
  ])('without %s: logs "Invalid in-app message data: missing property" and is not shown', (property, data) => {
    expect(read(data)).toEqual({ message: undefined, logged: [`warn: Invalid in-app message data: missing property ${property}`] });
  });

  it('refuses another content type, and never throws on a hostile value', () => {
    expect(read({ content: HTML, contentType: 'text/plain' })).toEqual({ message: undefined, logged: ['warn: Invalid in-app message data: unknown contentType text/plain'] });
    const hostile = new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error('no'); } });
    expect(read(hostile).message).toBeUndefined();
  });
});
