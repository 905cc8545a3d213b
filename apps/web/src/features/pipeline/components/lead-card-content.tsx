import { BuildingIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { Badge } from '@/components/ui/badge';
import { formatCurrency } from '@/lib/format';
import { splitFranchises } from '../utils/franchise-badges';

/**
 * What a card says about its lead: brand, catalogue items, executive, money without decimals and
 * at most two franchises then "+N". Shared by the card on the board and the one under the pointer.
 */
export function LeadCardContent({ lead }: { lead: Lead }) {
  const { t, i18n } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  const { visible, hidden } = splitFranchises(lead.franchises);
  const money = (value: number) => formatCurrency(value, i18n.language, { decimals: false });

  return (
    <div className="grid gap-2 text-sm">
      <p className="truncate pr-14 font-medium" title={lead.brand_id.name}>
        {lead.brand_id.name}
      </p>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <BuildingIcon aria-hidden className="size-3.5 shrink-0" />
        <span className="truncate">
          {[lead.vertical.name, lead.quota.name, lead.platform.name].join(' · ')}
        </span>
      </p>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <UserIcon aria-hidden className="size-3.5 shrink-0" />
        <span className="truncate">{lead.executive?.name ?? t('card.noExecutive')}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        <div>
          <dt className="text-muted-foreground">{tLeads('fields.credit')}</dt>
          <dd className="font-medium tabular-nums">{money(lead.credit)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{tLeads('fields.invest')}</dt>
          <dd className="font-medium tabular-nums">{money(lead.invest)}</dd>
        </div>
      </dl>
      {lead.franchises.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={tLeads('fields.franchises')}>
          {visible.map((name) => (
            <li key={name}>
              <Badge variant="secondary">{name}</Badge>
            </li>
          ))}
          {hidden > 0 && (
            <li>
              <Badge variant="outline" title={lead.franchises.slice(visible.length).join(', ')}>
                <span aria-hidden>{t('card.moreFranchises', { count: hidden })}</span>
                <span className="sr-only">{t('card.moreFranchisesLabel', { count: hidden })}</span>
              </Badge>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
