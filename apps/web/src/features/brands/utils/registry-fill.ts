import type { CompanyRecord } from '@funil/shared';

/** The brand form fields a Receita Federal record can fill. */
export type RegistryField = 'company_name' | 'area_of_activity';

export type RegistryChange = { field: RegistryField; from: string; to: string };

/**
 * What a company record changes in the brand form: the legal name (razão social) and the area of
 * activity (the main CNAE's description). A field the record does not give, or that already says
 * the same, is left out, so "Desfazer" restores exactly what the lookup replaced.
 */
export function registryChanges(
  record: CompanyRecord,
  current: Record<RegistryField, string | null | undefined>,
): RegistryChange[] {
  const proposed: Record<RegistryField, string | null | undefined> = {
    company_name: record.razao_social,
    area_of_activity: record.cnae_principal?.descricao,
  };
  return (Object.keys(proposed) as RegistryField[]).flatMap((field) => {
    const to = proposed[field]?.trim();
    const from = current[field] ?? '';
    return to && to !== from ? [{ field, from, to }] : [];
  });
}
