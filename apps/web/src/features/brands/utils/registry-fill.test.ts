import type { CompanyRecord } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { apiCompanyRecord } from '@/test/api-fixtures';
import { registryChanges } from './registry-fill';

/** A sparse registration: only what these rules read. */
const record = (overrides: Partial<CompanyRecord> = {}): CompanyRecord =>
  apiCompanyRecord({
    cnpj: '11222333000181',
    razao_social: 'TORREFACAO SERRA AZUL S.A.',
    nome_fantasia: null,
    data_situacao_cadastral: null,
    data_inicio_atividade: null,
    natureza_juridica: null,
    porte: null,
    capital_social: null,
    // Every address field null.
    endereco: { ...apiCompanyRecord().endereco, municipio: null, uf: null },
    socios: [],
    ...overrides,
  });

describe('registryChanges', () => {
  it('fills the legal name and the area of activity, remembering what was there', () => {
    expect(registryChanges(record(), { company_name: 'Serra Azul', area_of_activity: '' })).toEqual([
      { field: 'company_name', from: 'Serra Azul', to: 'TORREFACAO SERRA AZUL S.A.' },
      { field: 'area_of_activity', from: '', to: 'Torrefação e moagem de café' },
    ]);
  });

  it('leaves out what the record does not give and what already says the same', () => {
    expect(
      registryChanges(record({ cnae_principal: null }), {
        company_name: 'TORREFACAO SERRA AZUL S.A.',
        area_of_activity: 'Bebidas',
      }),
    ).toEqual([]);
    expect(
      registryChanges(record({ razao_social: '  ' }), { company_name: 'X', area_of_activity: null }),
    ).toEqual([{ field: 'area_of_activity', from: '', to: 'Torrefação e moagem de café' }]);
  });
});
