import type { CompanyRecord } from '@funil/shared';

/** Where a record's registration facts come from, as the answer names it. */
export const COMPANY_RECORD_SOURCE = 'Receita Federal (dados abertos)';

// The Receita Federal's codes for situação cadastral, for mirrors that give only the code.
const SITUACAO_BY_CODE: Record<number, string> = {
  1: 'NULA',
  2: 'ATIVA',
  3: 'SUSPENSA',
  4: 'INAPTA',
  8: 'BAIXADA',
};

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text field: trimmed, null when missing or blank. */
const textOf = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** CNAE codes arrive as integers that lost their leading zeros (111301 → "0111301"). */
const cnaeCodeOf = (value: unknown): string | null => {
  const digits = textOf(value)?.replace(/\D/g, '');
  return digits && Number(digits) !== 0 ? digits.padStart(7, '0') : null;
};

const cnaeOf = (codigo: unknown, descricao: unknown) => {
  const code = cnaeCodeOf(codigo);
  return code ? { codigo: code, descricao: textOf(descricao) } : null;
};

const situacaoOf = (raw: Raw): string | null => {
  const text = textOf(raw.descricao_situacao_cadastral);
  if (text) return text.toUpperCase();
  const code = numberOf(raw.situacao_cadastral);
  return code === null ? null : (SITUACAO_BY_CODE[code] ?? null);
};

/** "AVENIDA" + "PAULISTA" → "AVENIDA PAULISTA", as the address is written. */
const logradouroOf = (raw: Raw): string | null => {
  const street = textOf(raw.logradouro);
  const kind = textOf(raw.descricao_tipo_de_logradouro);
  if (!street) return null;
  return kind && !street.toUpperCase().startsWith(kind.toUpperCase()) ? `${kind} ${street}` : street;
};

/**
 * The company record Funil answers (`CompanyRecord`) from a mirror's answer (BrasilAPI,
 * minhareceita.org and a self-hosted minha-receita give minha-receita's format). What the mirror
 * does not give is null
 * (`[]` for lists). Partners' masked CPFs are not read at all, so they cannot be kept or shown.
 * Null when the answer is not a record (the mirror answered something else).
 */
export function companyRecordFrom(raw: unknown, cnpj: string, consultedAt: Date): CompanyRecord | null {
  if (!isRecord(raw) || (textOf(raw.razao_social) === null && textOf(raw.cnpj) === null)) return null;
  const secondary = Array.isArray(raw.cnaes_secundarios) ? raw.cnaes_secundarios.filter(isRecord) : [];
  const partners = Array.isArray(raw.qsa) ? raw.qsa.filter(isRecord) : [];
  return {
    cnpj,
    razao_social: textOf(raw.razao_social),
    nome_fantasia: textOf(raw.nome_fantasia),
    situacao_cadastral: situacaoOf(raw),
    data_situacao_cadastral: textOf(raw.data_situacao_cadastral),
    data_inicio_atividade: textOf(raw.data_inicio_atividade),
    natureza_juridica: textOf(raw.natureza_juridica),
    porte: textOf(raw.porte),
    capital_social: numberOf(raw.capital_social),
    cnae_principal: cnaeOf(raw.cnae_fiscal, raw.cnae_fiscal_descricao),
    cnaes_secundarios: secondary
      .map((cnae) => cnaeOf(cnae.codigo, cnae.descricao))
      .filter((cnae) => cnae !== null),
    endereco: {
      logradouro: logradouroOf(raw),
      numero: textOf(raw.numero),
      complemento: textOf(raw.complemento),
      bairro: textOf(raw.bairro),
      cep: textOf(raw.cep)?.replace(/\D/g, '') || null,
      municipio: textOf(raw.municipio),
      uf: textOf(raw.uf),
    },
    telefones: [raw.ddd_telefone_1, raw.ddd_telefone_2]
      .map((phone) => textOf(phone)?.replace(/\D/g, ''))
      .filter((phone): phone is string => Boolean(phone)),
    email: textOf(raw.email)?.toLowerCase() ?? null,
    socios: partners
      .map((partner) => ({
        nome: textOf(partner.nome_socio),
        qualificacao: textOf(partner.qualificacao_socio),
        desde: textOf(partner.data_entrada_sociedade),
      }))
      .filter((partner): partner is { nome: string; qualificacao: string | null; desde: string | null } =>
        Boolean(partner.nome),
      ),
    fonte: COMPANY_RECORD_SOURCE,
    consultado_em: consultedAt.toISOString(),
  };
}
