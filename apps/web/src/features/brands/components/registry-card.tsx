import type { CompanyRecord } from '@funil/shared';
import { AlertTriangleIcon, LandmarkIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CompanySituationBadge } from '@/components/company-situation-badge';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { isInactiveCompany } from '../utils/registry-fill';

type RegistryCardProps = {
  record: CompanyRecord;
  onClose: () => void;
};

/**
 * The company as the Receita Federal registers it, in a compact card under the CNPJ: situação
 * cadastral as a coloured badge (a company that is not ATIVA is a warning the salesperson must
 * see), main CNAE, city/UF, opening date, share capital in BRL, partners, and where it came from.
 */
export function RegistryCard({ record, onClose }: RegistryCardProps) {
  const { t } = useTranslation('brands');
  const format = useFormatters();
  const isInactive = isInactiveCompany(record);
  const unknown = <span className="text-muted-foreground">{t('registry.unknown')}</span>;
  const city = [record.endereco.municipio, record.endereco.uf].filter(Boolean).join('/');

  return (
    <section aria-label={t('registry.title')} className="rounded-lg border bg-muted/30 p-4 text-sm">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <LandmarkIcon className="size-4 text-muted-foreground" aria-hidden />
          <h3 className="font-medium">{t('registry.title')}</h3>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={t('registry.close')}
          onClick={onClose}
        >
          <XIcon />
        </Button>
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
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">{t('fields.company_name')}</dt>
          <dd className="font-medium">{record.razao_social ?? unknown}</dd>
        </div>
        {record.nome_fantasia && (
          <div className="sm:col-span-2">
            <dt className="text-xs text-muted-foreground">{t('registry.tradeName')}</dt>
            <dd>{record.nome_fantasia}</dd>
          </div>
        )}
        <div>
          <dt className="text-xs text-muted-foreground">{t('registry.situation')}</dt>
          <dd>
            {record.situacao_cadastral ? (
              <CompanySituationBadge situation={record.situacao_cadastral} />
            ) : (
              unknown
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('registry.opened')}</dt>
          <dd className="tabular-nums">
            {record.data_inicio_atividade ? format.date(record.data_inicio_atividade) : unknown}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">{t('registry.cnae')}</dt>
          <dd>
            {record.cnae_principal ? (
              <>
                <span className="tabular-nums">{record.cnae_principal.codigo}</span>
                {record.cnae_principal.descricao ? ` · ${record.cnae_principal.descricao}` : ''}
              </>
            ) : (
              unknown
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('registry.city')}</dt>
          <dd>{city || unknown}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('registry.capital')}</dt>
          <dd className="tabular-nums">
            {record.capital_social === null ? unknown : format.currency(record.capital_social)}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">{t('registry.partners')}</dt>
          <dd>
            {record.socios.length === 0 ? (
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
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {t('registry.source', { source: record.fonte, date: format.dateTime(record.consultado_em) })}
      </p>
    </section>
  );
}
