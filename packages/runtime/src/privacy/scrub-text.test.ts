import { describe, it, expect } from 'vitest';
import { scrubText } from './scrub-text';

describe('scrubText', () => {
  it.each([
    ['near LS1 4AP, email jo@nhs.net, NHS 943 476 5919.', 'near postcode, email , NHS .'],
    ['  keep  my   spacing ', '  keep  my   spacing '],
    [' jo@nhs.net  and  9434765919 ', 'and'],
    // An address glued to a postcode or a number takes all of it, not half.
    ['=@a.GIR 0AA', ''],
    ['a@b.c-943 476 5919 x', 'x'],
    ['9434765919@nhs.net', ''],
    ['a@b.jo@nhs.net', ''],
    // Closing the gap left by an address must not let a postcode through.
    ['LS1 jo@x.com 4AP', 'postcode'],
  ])('%j -> %j', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });
});
