/** CNPJ helpers: the 14-digit Brazilian company registry number and its two check digits. */
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

export function cnpjDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + Number(digits[index]) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const digits = cnpjDigits(value);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const first = checkDigit(digits, FIRST_WEIGHTS);
  const second = checkDigit(digits, SECOND_WEIGHTS);
  return Number(digits[12]) === first && Number(digits[13]) === second;
}

/** 12345678000195 → 12.345.678/0001-95; anything that is not 14 digits is returned as given. */
export function formatCnpj(value: string): string {
  const digits = cnpjDigits(value);
  if (digits.length !== 14) return value;
  return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/** Completes 12 base digits with their check digits (demo data, tests). */
export function withCnpjCheckDigits(base12: string): string {
  const first = checkDigit(base12, FIRST_WEIGHTS);
  const withFirst = `${base12}${first}`;
  return `${withFirst}${checkDigit(withFirst, SECOND_WEIGHTS)}`;
}
