import { dropEmails } from './email';
import { dropNhsNumbers } from './nhs-number';
import { replacePostcodes } from './postcode';

/**
 * Free text: e-mail addresses and NHS numbers removed (the gaps they leave closed),
 * postcodes become the word `postcode`. SPEC §5
 */
export const scrubText = (text: string): string => {
  // Numbers and postcodes go before addresses, a number leaving a mark the address scan
  // takes in: an address glued to either then goes whole instead of cutting it in two.
  const marked = replacePostcodes(dropNhsNumbers(text, '\0'));
  const out = dropEmails(marked).split('\0').join('');
  // Closing a gap can bring the halves of a postcode together: look once more.
  return replacePostcodes(out === marked ? out : out.replace(/ {2,}/g, ' ').trim());
};
