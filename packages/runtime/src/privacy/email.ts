// Everything but whitespace, RFC 5322 specials and the delimiters of a URL (`/?&=#`), on both
// sides of the '@' (non-ASCII too): a full stop after an address goes with it, no fragment of an
// odd one survives, and an address in a URL's query (`?email=jo@nhs.net&x=1`) goes alone.
const ADDRESS = /[^\s"(),:;<>@[\\\]/?&=#]/;

/**
 * Removes e-mail addresses. No regex spans the address (that would rescan from every
 * letter: quadratic); each '@' grows outwards instead, and neither side can cross
 * another '@', so every character is looked at a bounded number of times. A local part
 * may reach back into the address removed before it (`a@b.jo@nhs.net`): both go.
 */
export const dropEmails = (text: string): string => {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    let end = at + 1;
    while (ADDRESS.test(text[start - 1] ?? '')) start--;
    while (ADDRESS.test(text[end] ?? '')) end++;
    // The domain needs a dot after its first character, and a letter (or any character past
    // Latin-1's symbols) after that dot: `2@£1.50` and `node@20.19` are no addresses.
    if (start < at && /.\.[a-z\xc0-\uffff]/i.test(text.slice(at + 1, end))) {
      out += text.slice(from, start);
      from = end;
    }
  }
  return out + text.slice(from);
};
