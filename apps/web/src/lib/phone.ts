import { formatPhone as formatBrazilianPhone, isValidPhone } from '@brazilian-utils/brazilian-utils';
// The "min" metadata (a few tens of KB) formats every country; the full one only adds number types.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const BRAZIL_COUNTRY_CODE = '55';

/**
 * Whether `digits` is a Brazilian number: the country code 55 followed by a valid DDD and
 * subscriber number, or 10–11 digits without a country code. The validity check is what keeps a
 * number from elsewhere (a US `12025550123` is 11 digits too) from being read as Brazilian.
 */
function isBrazilianPhone(digits: string): boolean {
  const withCountryCode =
    digits.startsWith(BRAZIL_COUNTRY_CODE) && (digits.length === 12 || digits.length === 13);
  const national = digits.length === 10 || digits.length === 11;
  return (withCountryCode || national) && isValidPhone(digits);
}

/**
 * A stored phone (digits with the country code, e.g. 5511999999999) as people read it:
 * `+55 11 99999-9999`, `+55 11 3000-0000`, `+1 202 555 0123`. A number no rule recognises is
 * shown as given rather than guessed at.
 */
export function formatPhone(digits: string): string {
  const value = digits.replace(/\D/g, '');
  if (!value) return digits;
  if (isBrazilianPhone(value)) return formatBrazilianPhone(value, { mask: 'international' });
  return parsePhoneNumberFromString(`+${value}`)?.formatInternational() ?? digits;
}
