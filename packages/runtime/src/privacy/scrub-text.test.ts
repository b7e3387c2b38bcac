import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { NEEDS_GUARD, rounds, scrubText } from './scrub-text';

describe('scrubText', () => {
  it.each([
    ['near LS1 4AP, email jo@nhs.net, NHS 943 476 5919.', 'near postcode, email , NHS .'],
    ['  keep  my   spacing ', '  keep  my   spacing '],
    [' jo@nhs.net  and  9434765919 ', 'and'],
    // An address glued to a postcode or a number takes all of it, not half.
    ['a@b.c-943 476 5919 x', 'x'],
    ['9434765919@nhs.net', ''],
    ['a@b.jo@nhs.net', ''],
    // '=' is no part of an address (a URL delimiter), so `=@a.` holds none.
    ['=@a.GIR 0AA', '=@a.postcode'],
    // Closing the gap left by an address must not let a postcode through.
    ['LS1 jo@x.com 4AP', 'postcode'],
  ])('%j -> %j', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('runs every check again until nothing changes: what one removes cannot build another (issue 11 item 8)', () => {
    expect(scrubText('943 476 jane@x.org 5919')).toBe('');
    expect(scrubText('943 476\0 5919')).toBe('');
    expect(scrubText('943\0 476\0\0 5919 ok')).toBe('ok');
    expect(scrubText('call 943 476 jo@nhs.net 5919 today')).toBe('call today');
    expect(scrubText('LS1\0 4AP')).toBe('postcode');
    expect(scrubText('jo@nhs.net@x.org 9434765919')).toBe('');
    expect(scrubText('SW1A a@b.co 1AA')).toBe('postcode');
    // A NUL shows nothing: read past, and kept where nothing was found.
    expect(scrubText('a\0b %00 c')).toBe('a\0b %00 c');
    expect(scrubText('jo\0@nhs.net')).toBe('');
  });

  it('reads text decoded (issue 11 item 6): percent-encoding, once or twice, and URLs inside text', () => {
    expect(scrubText('email=jane.doe%40example.com&nhs=943%20476%205919')).toBe('email=&nhs=');
    expect(scrubText('jo%2540nhs.net')).toBe('');
    expect(scrubText('see https://x.org/?next=https%3A%2F%2Fy.org%2F%3Femail%3Djo%2540nhs.net now')).toBe('see https://x.org/?next=https://y.org/?email= now');
    // Nothing found: the text comes back as it came, encoded.
    expect(scrubText('caf%C3%A9%20au%20lait')).toBe('caf%C3%A9%20au%20lait');
    expect(scrubText('100%25%2525 sure')).toBe('100%25%2525 sure');
  });

  it('reads Unicode compatibility forms and drops what shows nothing (issue 11 item 7)', () => {
    expect(scrubText('jo＠nhs.net')).toBe('');
    expect(scrubText('jo﹫ｎｈｓ．ｎｅｔ')).toBe('');
    expect(scrubText('near ＬＳ１ ４ＡＰ')).toBe('near postcode');
    expect(scrubText('j\u200bo@nhs.net')).toBe('');
    // Nothing found: fullwidth text and odd spaces are kept as they are.
    expect(scrubText('ＢＭＩ\u00a0calculator ½')).toBe('ＢＭＩ\u00a0calculator ½');
  });

  it('gives up on text encoded more often than its rounds allow, and sends nothing', () => {
    let text = 'jo@nhs.net';
    for (let i = 0; i < 12; i++) text = encodeURIComponent(text);
    expect(scrubText(text)).toBe('');
    let deep = 'jo@nhs.net';
    for (let i = 0; i < 5; i++) deep = encodeURIComponent(deep);
    expect(scrubText(deep)).toBe('');
  });

  it('runs in linear time on multi-megabyte input, rounds and all', { timeout: 60_000 }, () => {
    const n = 1_200_000;
    const started = Date.now();
    // Nothing to find: one round, and the text back as it came.
    for (const text of ['%25'.repeat(n / 3), '%2525'.repeat(n / 5), 'ＭＭ１'.repeat(n / 3), '\u200b'.repeat(n), 'a%00'.repeat(n / 4), '943 476 '.repeat(n / 8), 'E1 2nd '.repeat(n / 7)]) {
      expect(scrubText(text)).toBe(text);
    }
    // Something in every piece, found over several rounds.
    const k = 50_000;
    expect(scrubText('943 476 jo@x.org 5919 '.repeat(k))).toBe('');
    expect(scrubText('LS1 a@b.co 4AP '.repeat(k))).toBe(Array(k).fill('postcode').join(' '));
    expect(scrubText('%25252540x a@b.co '.repeat(k))).toBe(Array(k).fill('@x').join(' '));
    // Still changing after ten rounds: nothing goes.
    expect(scrubText('%' + '25'.repeat(n / 2) + '40')).toBe('');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('never throws, whatever it is given', () => {
    expect(scrubText('\ud800 M1 1AE \udc00')).toBe('\ud800 postcode \udc00');
    expect(scrubText('%E9%ZZ%\ud800')).toBe('%E9%ZZ%\ud800');
  });
});

describe('NEEDS_GUARD', () => {
  it("holds for all text the rounds could change: ASCII text with no digit, '@' or '%' comes out of them as it went in", () => {
    const unit = fc.oneof(
      fc.constantFrom(' ', '.', '-', '+', '_', '/', '&', '=', '#', '?', '\0', 'o', 'O', 'l', 'I', 'gir', 'GIR', 'aa', 'ls', 'st', 'nd', 'ug', 'sw', 'x.', 'a@'),
      fc.constantFrom('＠', '﹫', '０', '１', 'Ｍ', '١', '¹', '½', '\u200b', '\u00a0', '\u2013', '%40', '%EF%BC%A0'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    // What scrubText (and so the guard and the collector) skips; the fullwidth and encoded units above never get through.
    const free = fc.string({ unit, maxLength: 40 }).filter((v) => !NEEDS_GUARD.test(v));
    fc.assert(
      fc.property(free, (value) => {
        expect(rounds(value)).toBe(value);
        expect(rounds(value, 'postcodes')).toBe(value);
      }),
      { numRuns: 3000 },
    );
  });

  it('lets through every character that can spell an address, a number or a postcode once read', () => {
    for (const text of ['jo@nhs.net', 'LS1 4AP', '9434765919', 'jo%40nhs.net', 'jo＠nhs.net', 'jo﹫nhs.net', 'ＬＳ１ ４ＡＰ', '٩']) {
      expect(NEEDS_GUARD.test(text), text).toBe(true);
    }
    expect(scrubText('LS1 4AP')).toBe('postcode');
    expect(scrubText('visit the pharmacy')).toBe('visit the pharmacy');
  });
});
