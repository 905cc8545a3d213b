import { describe, expect, it } from 'vitest';
import { firstPrompt, mentionsCompanyInfo } from './company-request';

const request = ({ brand, cnpj }: { brand: string; cnpj: string }) => `${brand} | ${cnpj}`;

describe('mentionsCompanyInfo', () => {
  it.each([
    'Quais INFORMAÇÕES você tem?',
    'me fale sobre eles',
    'Dados da Empresa',
    'qual o cnpj?',
    'Tell me about this brand',
    'company data please',
    '¿Qué información tiene?',
    'datos de la marca',
  ])('recognises "%s"', (text) => {
    expect(mentionsCompanyInfo(text)).toBe(true);
  });

  it.each(['Sugira uma estratégia de abordagem', 'Draft an email', 'sobremesa favorita', 'database'])(
    'leaves "%s" alone (whole words only)',
    (text) => {
      expect(mentionsCompanyInfo(text)).toBe(false);
    },
  );
});

describe('firstPrompt', () => {
  it('becomes the fixed request with the masked CNPJ', () => {
    expect(firstPrompt('informações', { name: 'Café', cnpj: '11222333000181' }, request, 'sem')).toBe(
      'Café | 11.222.333/0001-81',
    );
  });

  it('says the CNPJ was not given when the brand has none', () => {
    expect(firstPrompt('dados', { name: 'Café', cnpj: ' ' }, request, 'CNPJ não informado')).toBe(
      'Café | CNPJ não informado',
    );
  });

  it('keeps what was typed without company words or without brand data', () => {
    expect(firstPrompt('Sugira uma abordagem', { name: 'Café', cnpj: '' }, request, 'x')).toBe(
      'Sugira uma abordagem',
    );
    expect(firstPrompt('dados', undefined, request, 'x')).toBe('dados');
    expect(firstPrompt('dados', { name: ' ', cnpj: '1' }, request, 'x')).toBe('dados');
  });
});
