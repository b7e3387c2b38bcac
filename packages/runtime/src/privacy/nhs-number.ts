/**
 * Modulus-11 check of ten digits (other characters skipped): the digits weighted 10..1 sum to a
 * multiple of 11. (The published rule: weights 10..2, check digit 11 - sum mod 11, 11 -> 0, 10
 * never valid; the same, since no digit brings a sum that leaves 1 to a multiple of 11.)
 */
export const isNhsNumber = (digits: string): boolean => {
  let sum = 0;
  let weight = 10;
  for (const c of digits) if (c >= '0' && c <= '9') sum += +c * weight--;
  return !(sum % 11);
};

/**
 * Replaces NHS numbers that pass the check with a NUL (scrubText's mark): ten digits, plain or
 * 3-3-4 with one or two separators in each gap (whitespace, `+`, `-`, `_`, `.`, `/` or a dash),
 * no digit either side. The character before is captured, not looked behind (Safari before
 * 16.4). Candidates cannot overlap (one ends with a digit before a non-digit, the next starts
 * after a non-digit), so a failing one is simply kept. Linear: each part has a bounded length.
 */
export const markNhsNumbers = (text: string): string =>
  text.replace(/(^|\D)((?:\d{3}[\s+_./\u2010-\u2015-]{0,2}){2}\d{4})(?!\d)/g, (all, before: string, nhs: string) => (isNhsNumber(nhs) ? before + '\0' : all));
