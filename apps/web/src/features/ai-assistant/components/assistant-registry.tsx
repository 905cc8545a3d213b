import type { AiRegistry } from '@funil/shared';
import { formatCnpj } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { RegistryCard } from '@/components/registry-card';

/** What the Receita Federal said about the CNPJ in play, above the answer. */
export function AssistantRegistry({ registry }: { registry: AiRegistry }) {
  const { t } = useTranslation('assistant');
  if (registry.status === 'found') return <RegistryCard record={registry.record} compact />;
  const cnpj = formatCnpj(registry.cnpj);
  return (
    <p className="text-xs text-muted-foreground">
      {registry.status === 'not_found'
        ? t('registry.notFound', { cnpj })
        : t('registry.unavailable', { cnpj })}
    </p>
  );
}
