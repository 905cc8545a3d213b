import type { AiRegistry } from '@funil/shared';
import { formatCnpj } from '@funil/shared';
import { Building2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySituationBadge } from '@/components/company-situation-badge';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

type CompanyRecord = Extract<AiRegistry, { status: 'found' }>['record'];

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function FoundCard({ record }: { record: CompanyRecord }) {
  const { t } = useTranslation('assistant');
  const format = useFormatters();
  const { cnae_principal: cnae, endereco } = record;
  const location = [endereco.municipio, endereco.uf].filter(Boolean).join('/');
  return (
    <section
      aria-label={t('registry.title')}
      className="rounded-lg border bg-card p-3 text-card-foreground shadow-xs"
    >
      <div className="mb-2 flex items-start gap-2">
        <Building2Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words">
            {record.razao_social ?? record.nome_fantasia ?? '—'}
          </p>
          <p className="font-mono text-xs text-muted-foreground">{formatCnpj(record.cnpj)}</p>
        </div>
      </div>
      <dl className="grid gap-2 sm:grid-cols-2">
        <Field label={t('registry.status')}>
          {record.situacao_cadastral ? <CompanySituationBadge situation={record.situacao_cadastral} /> : '—'}
        </Field>
        <Field label={t('registry.capital')}>
          {record.capital_social === null ? '—' : format.currency(record.capital_social)}
        </Field>
        <Field label={t('registry.cnae')} className="sm:col-span-2">
          {cnae ? `${cnae.codigo}${cnae.descricao ? ` — ${cnae.descricao}` : ''}` : '—'}
        </Field>
        <Field label={t('registry.location')}>{location || '—'}</Field>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {t('registry.source', { date: format.date(record.consultado_em) })}
      </p>
    </section>
  );
}

/** What the Receita Federal said about the CNPJ in play, above the answer. */
export function RegistryCard({ registry }: { registry: AiRegistry }) {
  const { t } = useTranslation('assistant');
  if (registry.status === 'found') return <FoundCard record={registry.record} />;
  const cnpj = formatCnpj(registry.cnpj);
  return (
    <p className="text-xs text-muted-foreground">
      {registry.status === 'not_found'
        ? t('registry.notFound', { cnpj })
        : t('registry.unavailable', { cnpj })}
    </p>
  );
}
