import type { CompanyRecord } from '@funil/shared';
import { formatCnpj } from '@funil/shared';
import { AlertTriangleIcon, Building2Icon, LandmarkIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySituationBadge } from '@/components/company-situation-badge';
import { Button } from '@/components/ui/button';
import { isInactiveCompany } from '@/lib/company-situation';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

type RegistryCardProps = {
  record: CompanyRecord;
  /**
   * The assistant's card above an answer: the company's name and CNPJ as its heading, and only
   * the situation, capital, CNAE and city. The full card (the brand form's) adds the trade name,
   * the opening date, the partners and a warning for a company that is not ATIVA.
   */
  compact?: boolean;
  /** The full card's close button; none without it. */
  onClose?: () => void;
};

function Field({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

/**
 * The company as the Receita Federal registers it: situação cadastral as a coloured badge, main
 * CNAE, city/UF, share capital in BRL and when it was looked up; in full, also the trade name,
 * the opening date, the partners and where the record came from.
 */
export function RegistryCard({ record, compact = false, onClose }: RegistryCardProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  // The compact card is read beside a chat answer: a dash for what is missing, not words.
  const unknown = compact ? '—' : <span className="text-muted-foreground">{t('registry.unknown')}</span>;
  const city = [record.endereco.municipio, record.endereco.uf].filter(Boolean).join('/');
  const cnae = record.cnae_principal;
  const cnaeSeparator = compact ? ' — ' : ' · ';
  const title = compact ? t('registry.compactTitle') : t('registry.title');
  const isInactive = !compact && isInactiveCompany(record);
  // Compact fields shrink and wrap inside the chat's narrow column.
  const fieldClassName = compact ? 'min-w-0' : undefined;
  const valueClassName = compact ? 'text-sm break-words' : undefined;
  const field = (
    label: string,
    value: ReactNode,
    options: { wide?: boolean; valueClassName?: string } = {},
  ) => (
    <Field
      label={label}
      className={cn(fieldClassName, options.wide && 'sm:col-span-2') || undefined}
      valueClassName={cn(valueClassName, options.valueClassName) || undefined}
    >
      {value}
    </Field>
  );

  const situation = field(
    compact ? t('registry.compactSituation') : t('registry.situation'),
    record.situacao_cadastral ? <CompanySituationBadge situation={record.situacao_cadastral} /> : unknown,
  );
  const capital = field(
    t('registry.capital'),
    record.capital_social === null ? unknown : format.currency(record.capital_social),
    { valueClassName: compact ? undefined : 'tabular-nums' },
  );
  const cnaeField = field(
    t('registry.cnae'),
    cnae ? (
      <>
        <span className={compact ? undefined : 'tabular-nums'}>{cnae.codigo}</span>
        {cnae.descricao ? `${cnaeSeparator}${cnae.descricao}` : ''}
      </>
    ) : (
      unknown
    ),
    { wide: true },
  );
  const cityField = field(t('registry.city'), city || unknown);

  if (compact) {
    return (
      <section aria-label={title} className="rounded-lg border bg-card p-3 text-card-foreground shadow-xs">
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
          {situation}
          {capital}
          {cnaeField}
          {cityField}
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">
          {t('registry.compactSource', { date: format.date(record.consultado_em) })}
        </p>
      </section>
    );
  }

  return (
    <section aria-label={title} className="rounded-lg border bg-muted/30 p-4 text-sm">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <LandmarkIcon className="size-4 text-muted-foreground" aria-hidden />
          <h3 className="font-medium">{title}</h3>
        </div>
        {onClose && (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={t('registry.close')}
            onClick={onClose}
          >
            <XIcon />
          </Button>
        )}
      </div>
      {isInactive && (
        <p
          role="alert"
          className="mb-3 flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-destructive"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('registry.notActive', { situation: record.situacao_cadastral })}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {field(t('registry.companyName'), record.razao_social ?? unknown, {
          wide: true,
          valueClassName: 'font-medium',
        })}
        {record.nome_fantasia && field(t('registry.tradeName'), record.nome_fantasia, { wide: true })}
        {situation}
        {field(
          t('registry.opened'),
          record.data_inicio_atividade ? format.date(record.data_inicio_atividade) : unknown,
          { valueClassName: 'tabular-nums' },
        )}
        {cnaeField}
        {cityField}
        {capital}
        {field(
          t('registry.partners'),
          record.socios.length === 0 ? (
            <span className="text-muted-foreground">{t('registry.noPartners')}</span>
          ) : (
            <ul className="space-y-0.5">
              {record.socios.map((partner) => (
                <li key={`${partner.nome}-${partner.desde ?? ''}`}>
                  {partner.nome}
                  <span className="text-muted-foreground">
                    {partner.qualificacao ? ` · ${partner.qualificacao}` : ''}
                    {partner.desde
                      ? ` · ${t('registry.partnerSince', { date: format.date(partner.desde) })}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
          ),
          { wide: true },
        )}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {t('registry.source', { source: record.fonte, date: format.dateTime(record.consultado_em) })}
      </p>
    </section>
  );
}
