import type { Role } from '@funil/shared';
import type { Config } from '../../config';

export type RegistrationRules = Pick<Config, 'registration' | 'allowedEmailDomains'>;

export type RegistrationRequest = {
  /** No account exists yet: this one claims the installation. */
  isFirstAccount: boolean;
  email: string;
  /** Roles chosen by a signed-in admin who may manage users; absent for self-registration. */
  rolesChosenByAdmin?: Role[];
};

/** The roles the new account gets, or null when the registration rules refuse it. */
export type RegistrationDecision = Role[] | null;

const emailDomain = (email: string) => email.split('@').pop()?.toLowerCase() ?? '';

/**
 * Who may register, and as what. The very first account always claims the installation and
 * becomes admin, whatever REGISTRATION and ALLOWED_EMAIL_DOMAINS say (otherwise a new installation
 * configured closed could never be opened). An admin's chosen roles skip the rules. Anyone else
 * needs open registration and, when ALLOWED_EMAIL_DOMAINS is set, an email in one of its domains,
 * and gets ["user"].
 */
export function decideRegistration(
  rules: RegistrationRules,
  request: RegistrationRequest,
): RegistrationDecision {
  if (request.rolesChosenByAdmin) return request.rolesChosenByAdmin;
  if (request.isFirstAccount) return ['admin'];
  if (rules.registration === 'closed') return null;
  const domains = rules.allowedEmailDomains;
  if (domains.length > 0 && !domains.includes(emailDomain(request.email))) return null;
  return ['user'];
}
