import { describe, expect, it } from 'vitest';
import { decideRegistration, type RegistrationRules } from './registration-rules';

const open: RegistrationRules = { registration: 'open', allowedEmailDomains: [] };
const closed: RegistrationRules = { registration: 'closed', allowedEmailDomains: [] };
const onlyEmpresa: RegistrationRules = { registration: 'open', allowedEmailDomains: ['empresa.com.br'] };

describe('decideRegistration', () => {
  it('makes the first account admin whatever the rules say', () => {
    for (const rules of [
      open,
      closed,
      onlyEmpresa,
      { registration: 'closed', allowedEmailDomains: ['x.com'] } satisfies RegistrationRules,
    ]) {
      expect(decideRegistration(rules, { isFirstAccount: true, email: 'ana@outra.com' })).toEqual(['admin']);
    }
  });

  it('gives later self-registrations ["user"] while registration is open', () => {
    expect(decideRegistration(open, { isFirstAccount: false, email: 'bia@qualquer.com' })).toEqual(['user']);
  });

  it('refuses later self-registrations when closed', () => {
    expect(decideRegistration(closed, { isFirstAccount: false, email: 'bia@empresa.com.br' })).toBeNull();
  });

  it('accepts only the allowed domains, exactly and in any case', () => {
    expect(decideRegistration(onlyEmpresa, { isFirstAccount: false, email: 'bia@EMPRESA.com.br' })).toEqual([
      'user',
    ]);
    expect(
      decideRegistration(onlyEmpresa, { isFirstAccount: false, email: 'bia@sub.empresa.com.br' }),
    ).toBeNull();
    expect(decideRegistration(onlyEmpresa, { isFirstAccount: false, email: 'bia@outra.com' })).toBeNull();
  });

  it('lets an admin choose the roles, past every rule', () => {
    expect(
      decideRegistration(closed, {
        isFirstAccount: false,
        email: 'c@outra.com',
        rolesChosenByAdmin: ['comercial'],
      }),
    ).toEqual(['comercial']);
  });
});
