import { describe, expect, it } from 'vitest';
import { brasilApiRecord } from '@funil/test-server';
import { companyRecordFrom } from './mirror-record';

const AT = new Date('2026-11-20T12:00:00.000Z');

describe('companyRecordFrom', () => {
  it('trims a BrasilAPI record to the fields Funil answers, with zero-padded CNAEs and no CPFs', () => {
    const record = companyRecordFrom(brasilApiRecord('11222333000181'), '11222333000181', AT);
    expect(record).toEqual({
      cnpj: '11222333000181',
      razao_social: 'TORREFACAO SERRA AZUL S.A.',
      nome_fantasia: 'CAFE SERRA AZUL',
      situacao_cadastral: 'ATIVA',
      data_situacao_cadastral: '2005-11-03',
      data_inicio_atividade: '1998-03-12',
      natureza_juridica: 'Sociedade Anônima Fechada',
      porte: 'DEMAIS',
      capital_social: 1500000.5,
      cnae_principal: { codigo: '1081302', descricao: 'Torrefação e moagem de café' },
      cnaes_secundarios: [
        { codigo: '4637102', descricao: 'Comércio atacadista de café torrado, moído e solúvel' },
        { codigo: '0111301', descricao: 'Cultivo de arroz' },
      ],
      endereco: {
        logradouro: 'AVENIDA PAULISTA',
        numero: '1000',
        complemento: 'ANDAR 5',
        bairro: 'BELA VISTA',
        cep: '01310100',
        municipio: 'SAO PAULO',
        uf: 'SP',
      },
      telefones: ['1133334444'],
      email: 'contato@serraazul.com.br',
      socios: [{ nome: 'MARIA DA SILVA', qualificacao: 'Sócio-Administrador', desde: '2010-05-04' }],
      fonte: 'Receita Federal (dados abertos)',
      consultado_em: '2026-11-20T12:00:00.000Z',
    });
    expect(JSON.stringify(record)).not.toContain('***');
  });

  it('gives null and [] for what the mirror leaves out, and reads the situação from its code', () => {
    const sparse = {
      cnpj: '11222333000181',
      razao_social: 'EMPRESA X LTDA',
      situacao_cadastral: 8,
      cnaes_secundarios: [{ codigo: 0, descricao: '' }],
      capital_social: '',
    };
    expect(companyRecordFrom(sparse, '11222333000181', AT)).toMatchObject({
      nome_fantasia: null,
      situacao_cadastral: 'BAIXADA',
      capital_social: null,
      cnae_principal: null,
      cnaes_secundarios: [],
      telefones: [],
      socios: [],
      endereco: { logradouro: null, cep: null, uf: null },
    });
  });

  it('refuses what is not a record', () => {
    expect(companyRecordFrom('<html>', '11222333000181', AT)).toBeNull();
    expect(companyRecordFrom({ message: 'erro' }, '11222333000181', AT)).toBeNull();
    expect(companyRecordFrom([], '11222333000181', AT)).toBeNull();
  });
});
