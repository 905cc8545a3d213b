import type { CompanyRecord } from '@funil/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { CompanyRecord };

/**
 * The company registered under a CNPJ at the Receita Federal (docs/api.md, Companies). Asked on
 * demand ('Buscar dados da Receita'), so a mutation rather than a cached query: the server keeps
 * the record for 30 days itself.
 */
export function lookupCompany(cnpj: string) {
  return http.get<CompanyRecord>(`/api/companies/${encodeURIComponent(cnpj)}`);
}

export function useCompanyLookup() {
  return useMutation({ mutationFn: lookupCompany });
}
