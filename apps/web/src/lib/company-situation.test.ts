import type { CompanyRecord } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiCompanyRecord } from '@/test/api-fixtures';
import { isInactiveCompany } from './company-situation';

const record = (overrides: Partial<CompanyRecord> = {}): CompanyRecord => apiCompanyRecord(overrides);

describe('isInactiveCompany', () => {
  it('warns about anything but ATIVA', () => {
    expect(isInactiveCompany(record({ situacao_cadastral: 'ATIVA' }))).toBe(false);
    expect(isInactiveCompany(record({ situacao_cadastral: 'ativa' }))).toBe(false);
    expect(isInactiveCompany(record({ situacao_cadastral: 'BAIXADA' }))).toBe(true);
    expect(isInactiveCompany(record({ situacao_cadastral: 'INAPTA' }))).toBe(true);
    expect(isInactiveCompany(record({ situacao_cadastral: null }))).toBe(false);
  });
});
