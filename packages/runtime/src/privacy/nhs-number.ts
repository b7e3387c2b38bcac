/** Modulus-11 check of a 10-digit string: weights 10..2, check 11 -> 0, 10 -> never valid. */
export const isNhsNumber = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += +digits[i]! * (10 - i);
  return (11 - (sum % 11)) % 11 === +digits[9]!;
};

/** Replaces NHS numbers (plain, or 3-3-4 with spaces, hyphens or `+`) that pass the check with `mark`. */
export const dropNhsNumbers = (text: string, mark = ''): string => {
  const re = /(?<!\d)\d{3}[ +-]?\d{3}[ +-]?\d{4}(?!\d)/g;
  let out = '';
  let from = 0;
  let m;
  while ((m = re.exec(text))) {
    if (isNhsNumber(m[0].replace(/\D/g, ''))) {
      out += text.slice(from, m.index) + mark;
      from = re.lastIndex;
    } else {
      // A failing candidate may overlap a valid number that starts inside it.
      re.lastIndex = m.index + 1;
    }
  }
  return out + text.slice(from);
};
