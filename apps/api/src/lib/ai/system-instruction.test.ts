import { brasilApiRecord } from '@funil/test-server';
import { LANGUAGES } from '@funil/shared';
import { describe, expect, it } from 'vitest';
import { companyRecordFrom } from '../../modules/companies/mirror-record';
import { REGISTRY_BLOCK_END, REGISTRY_BLOCK_START, systemInstruction } from './system-instruction';

const CNPJ = '11222333000181';
const record = companyRecordFrom(
  brasilApiRecord(CNPJ, { razao_social: 'EMPRESA <<<X>>> LTDA' }),
  CNPJ,
  new Date('2026-11-20T12:00:00Z'),
)!;

/** The JSON between the block's delimiters, or null when there is no block. */
const blockOf = (text: string) => {
  const match = new RegExp(`\\n${REGISTRY_BLOCK_START}\\n([\\s\\S]*)\\n${REGISTRY_BLOCK_END}$`).exec(text);
  return match ? (JSON.parse(match[1]!) as unknown) : null;
};

describe('systemInstruction', () => {
  it('has no registry block when no CNPJ was in play', () => {
    for (const language of LANGUAGES) expect(blockOf(systemInstruction(language, null))).toBeNull();
  });

  it('puts the registry as JSON in the delimited block, which its content cannot close', () => {
    const text = systemInstruction('pt-BR', { status: 'found', cnpj: CNPJ, record });
    expect(blockOf(text)).toEqual({ status: 'found', cnpj: CNPJ, record });
    expect(text.split(REGISTRY_BLOCK_END)).toHaveLength(3); // the rules' mention and the block's end
    expect(text).toContain('Receita Federal');
  });

  it('tells the model, in the request language, when the record is not registered or could not be read', () => {
    expect(systemInstruction('pt-BR', { status: 'not_found', cnpj: CNPJ })).toContain('não consta');
    expect(systemInstruction('en', { status: 'unavailable', cnpj: CNPJ })).toContain('could not be read');
    expect(systemInstruction('es', { status: 'not_found', cnpj: CNPJ })).toContain('no consta');
  });

  it('is written in each language', () => {
    expect(systemInstruction('pt-BR', null)).toContain('Quando não souber');
    expect(systemInstruction('en', null)).toContain('When you do not know');
    expect(systemInstruction('es', null)).toContain('Cuando no sepas');
  });
});
