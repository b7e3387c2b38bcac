import { scrubText } from './scrub-text';

/** Query parameters always dropped, whatever the configuration adds. */
export const DENIED_PARAMS = ['useremail'];

// Decodes what can be decoded: a run that is not valid UTF-8 still yields its ASCII
// escapes, so `%40` or `%20` next to a stray byte cannot hide an address or a postcode.
export const decode = (text: string): string =>
  text.replace(/(?:%[\da-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-7][\da-f]/gi, decodeURIComponent);
    }
  });

// encodeURIComponent throws on a lone surrogate: such a piece, already known to have
// held something to hide, goes out empty.
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '';
  }
};

// Each piece between delimiters is scrubbed decoded and re-encoded only when it changed,
// so a URL with nothing to hide goes out byte for byte as it came in.
const scrubPieces = (text: string, plusIsSpace: boolean): string =>
  text
    .split(/([/?&=])/)
    .map((raw) => {
      const value = decode(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
      const out = scrubText(value);
      return out === value ? raw : encode(out);
    })
    .join('');

/** Drops denied query parameters (names compared case-insensitively) and scrubs the rest. */
export const scrubUrl = (url: string, denied: string[] = []): string => {
  const deny = DENIED_PARAMS.concat(denied).map((name) => name.toLowerCase());
  const [main, ...hash] = url.split('#');
  const [path, ...query] = main!.split('?');
  const search = query.join('?');
  const kept = search
    .split('&')
    .filter((pair) => !deny.includes(decode(pair.split('=')[0]!).toLowerCase()));
  return (
    scrubPieces(path!, false) +
    // A query emptied by the denylist loses its '?'; one that was empty keeps it.
    (query.length && (kept.length || !search) ? '?' + scrubPieces(kept.join('&'), true) : '') +
    (hash.length ? '#' + scrubPieces(hash.join('#'), true) : '')
  );
};
