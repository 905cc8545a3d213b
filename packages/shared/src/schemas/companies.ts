import { z } from 'zod';

/** A CNAE activity: its 7-character code, zero-padded ("0111301"), and its description. */
export const cnaeSchema = z.object({ codigo: z.string(), descricao: z.string().nullable() });

/**
 * `GET /api/companies/:cnpj`: the company's registration at the Receita Federal, from the open-data
 * mirror. What the mirror does not give is null (`[]` for lists); partners' CPFs are never kept.
 */
export const companyRecordSchema = z.object({
  cnpj: z.string(),
  razao_social: z.string().nullable(),
  nome_fantasia: z.string().nullable(),
  /** ATIVA, BAIXADA, INAPTA, SUSPENSA, NULA. */
  situacao_cadastral: z.string().nullable(),
  data_situacao_cadastral: z.string().nullable(),
  data_inicio_atividade: z.string().nullable(),
  natureza_juridica: z.string().nullable(),
  porte: z.string().nullable(),
  capital_social: z.number().nullable(),
  cnae_principal: cnaeSchema.nullable(),
  cnaes_secundarios: z.array(cnaeSchema),
  endereco: z.object({
    logradouro: z.string().nullable(),
    numero: z.string().nullable(),
    complemento: z.string().nullable(),
    bairro: z.string().nullable(),
    cep: z.string().nullable(),
    municipio: z.string().nullable(),
    uf: z.string().nullable(),
  }),
  telefones: z.array(z.string()),
  email: z.string().nullable(),
  socios: z.array(
    z.object({ nome: z.string(), qualificacao: z.string().nullable(), desde: z.string().nullable() }),
  ),
  /** Names the source: "Receita Federal (dados abertos)". */
  fonte: z.string(),
  /** When the mirror was asked (a cached record keeps its first date). */
  consultado_em: z.iso.datetime(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** `:cnpj` as typed, with or without the mask; validated by the route. */
export const cnpjParamSchema = z.object({ cnpj: z.string().max(40) });
