import { decode, scrubText } from './scrub-text';

/**
 * Query parameters always dropped, whatever the configuration adds: `tw_debug` is the console's
 * debugger marker, which must never reach the data, also on a production page opened by hand
 * with it (production containers carry no debug bridge to take it out of the address).
 */
export const DENIED_PARAMS = ['useremail', 'tw_debug'];

/**
 * Drops denied query parameters (names compared case-insensitively, decoded), then scrubs the URL
 * as text: scrubText reads it decoded, so a postcode or a number split by slashes or written
 * across path segments is seen whole, and an address in a query value stops at its `&` or `=`.
 * A URL with nothing to hide goes out byte for byte as it came in. One that had is the scrubbed
 * text re-encoded (encodeURI: the delimiters it decoded, `%26` and the like, are delimiters now)
 * and goes through once more, so a denied parameter that decoding brought to the top level goes
 * too. A URL with a lone surrogate and something to hide cannot be re-encoded: encodeURI throws,
 * and the guard sends nothing.
 */
export const scrubUrl = (url: string, denied: string[] = []): string => {
  const deny = DENIED_PARAMS.concat(denied).map((name) => name.toLowerCase());
  // The query, '?' to the hash: each denied pair goes with the '?' or '&' before it; a query
  // emptied by the denylist loses its '?', one that was empty keeps it.
  url = url.replace(/\?[^#]*/, (query) =>
    query.replace(/[?&]([^&=]*)[^&]*/g, (pair, name: string) => (deny.includes(decode(name).toLowerCase()) ? '' : pair)).replace(/^&/, '?'),
  );
  const out = scrubText(url);
  return out == url ? url : scrubUrl(encodeURI(out), denied);
};
