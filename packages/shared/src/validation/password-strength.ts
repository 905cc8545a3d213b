/** Advisory password strength, shown beside the registration form: one point each for length >= 6, a lowercase letter,
 * an uppercase letter and a digit. <= 1 weak, 2 medium, 3 strong, 4 very strong. */
export const PASSWORD_STRENGTHS = ['weak', 'medium', 'strong', 'very_strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

export function passwordStrengthScore(password: string): number {
  const checks = [
    password.length >= 6,
    /\p{Ll}/u.test(password),
    /\p{Lu}/u.test(password),
    /\d/.test(password),
  ];
  return checks.filter(Boolean).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordStrengthScore(password);
  if (score <= 1) return 'weak';
  if (score === 2) return 'medium';
  if (score === 3) return 'strong';
  return 'very_strong';
}
