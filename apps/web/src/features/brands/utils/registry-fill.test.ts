import type { CompanyRecord } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { isInactiveCompany, registryChanges } from './registry-fill';

const record = (overrides: Partial<CompanyRecord> = {}): CompanyRecord => ({
  cnpj: '11222333000181',
  razao_social: 'TORREFACAO SERRA AZUL S.A.',
  nome_fantasia: null,
  situacao_cadastral: 'ATIVA',
  data_situacao_cadastral: null,
  data_inicio_atividade: null,
  natureza_juridica: null,
  porte: null,
  capital_social: null,
  cnae_principal: { codigo: '1081302', descricao: 'Torrefação e moagem de café' },
  cnaes_secundarios: [],
  endereco: {
    logradouro: null,
    numero: null,
    complemento: null,
    bairro: null,
    cep: null,
    municipio: null,
    uf: null,
  },
  telefones: [],
  email: null,
  socios: [],
  fonte: 'Receita Federal (dados abertos)',
  consultado_em: '2026-11-20T12:00:00.000Z',
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

describe('isInactiveCompany', () => {
  it('warns about anything but ATIVA', () => {
    expect(isInactiveCompany(record())).toBe(false);
    expect(isInactiveCompany(record({ situacao_cadastral: 'BAIXADA' }))).toBe(true);
    expect(isInactiveCompany(record({ situacao_cadastral: 'INAPTA' }))).toBe(true);
    expect(isInactiveCompany(record({ situacao_cadastral: null }))).toBe(false);
  });
});
