import { formatCnpj } from '@funil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { LeadStockBadges } from '@/components/lead-stock-badges';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { ContractStatusBadge } from '@/components/contract-status-badge';

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * Every field of a lead, labelled: the brand's names and CNPJ, the deal, the prospectus quotas it
 * takes, the money, the dates.
 */
export function LeadDetailsFields({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const format = useFormatters();
  const yesNo = (value: boolean) => (value ? t('details.yes') : t('details.no'));
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      <Item term={t('fields.brand')}>{lead.brand_id.name}</Item>
      <Item term={t('details.companyName')}>{lead.brand_id.company_name}</Item>
      <Item term={t('details.cnpj')}>
        <span className="font-mono">{formatCnpj(lead.brand_id.cnpj)}</span>
      </Item>
      <Item term={t('fields.assessment')}>{lead.assessment}</Item>
      <Item term={t('fields.vertical')}>{lead.vertical.label}</Item>
      <Item term={t('fields.quota')}>{lead.quota.label}</Item>
      <Item term={t('fields.platform')}>{lead.platform.label}</Item>
      <Item term={t('fields.prospectus_year')}>{lead.prospectus_year}</Item>
      <Item term={t('fields.contract_status')}>
        <ContractStatusBadge status={lead.contract_status} />
      </Item>
      <Item term={t('fields.executive')}>{lead.executive?.name ?? t('details.none')}</Item>
      <Item term={t('fields.franchises')} wide>
        {lead.franchises.length === 0 ? (
          t('details.noFranchise')
        ) : (
          <span className="flex flex-wrap gap-1">
            {lead.franchises.map((name) => (
              <Badge key={name} variant="outline">
                {name}
              </Badge>
            ))}
          </span>
        )}
      </Item>
      <Item term={t('offerings.title')} wide>
        {lead.stock.length === 0 ? t('offerings.none') : <LeadStockBadges stock={lead.stock} />}
      </Item>
      <Item term={t('fields.credit')}>
        <span className="tabular-nums">{format.currency(lead.credit)}</span>
      </Item>
      <Item term={t('fields.invest')}>
        <span className="tabular-nums">{format.currency(lead.invest)}</span>
      </Item>
      <Item term={t('fields.exchange')}>{yesNo(lead.exchange)}</Item>
      <Item term={t('fields.rouanet_law')}>{yesNo(lead.rouanet_law)}</Item>
      <Item term={t('fields.createdAt')}>{format.dateTimeLong(lead.createdAt)}</Item>
      <Item term={t('fields.updatedAt')}>{format.dateTimeLong(lead.updatedAt)}</Item>
    </dl>
  );
}
