import { BuildingIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '@/api/leads';
import { FranchiseBadges } from '@/components/franchise-badges';
import { LeadStockBadges } from '@/components/lead-stock-badges';
import { LeadStatusAge } from '@/components/lead-status-age';
import { TaskDueMark } from '@/components/tasks/task-due-mark';
import { formatCurrency } from '@/lib/format';

type LeadCardContentProps = {
  lead: Lead;
  /**
   * On the board, the id the card's handle names as its description. The details are then hidden
   * from the handle's name, which a button otherwise takes from all its text: the name is the
   * brand the card starts with, and the details are read after it, as its description
   * (aria-describedby reads hidden text).
   */
  detailsId?: string;
};

/**
 * What a card says about its lead: brand, then the details — catalogue items, executive, days in
 * its status (stale or not), an overdue or open task, money without decimals, at most two franchises then "+N", and
 * the units left of each prospectus quota it takes ("2 de 5", "Esgotada"). Shared by the card on the board and the one
 * under the pointer.
 */
export function LeadCardContent({ lead, detailsId }: LeadCardContentProps) {
  const { t, i18n } = useTranslation(['pipeline', 'leads']);
  const money = (value: number) => formatCurrency(value, i18n.language, { decimals: false });

  return (
    <div className="grid gap-2 text-sm">
      <p className="truncate pr-20 font-medium" title={lead.brand_id.name}>
        {lead.brand_id.name}
      </p>
      <div id={detailsId} aria-hidden={detailsId === undefined ? undefined : true} className="grid gap-2">
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <BuildingIcon aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">
            {[lead.vertical.label, lead.quota.label, lead.platform.label].join(' · ')}
          </span>
        </p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <UserIcon aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{lead.executive?.name ?? t('card.noExecutive')}</span>
        </p>
        <LeadStatusAge lead={lead} />
        <TaskDueMark record={lead} />
        <dl className="grid grid-cols-2 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">{t('leads:fields.credit')}</dt>
            <dd className="font-medium tabular-nums">{money(lead.credit)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('leads:fields.invest')}</dt>
            <dd className="font-medium tabular-nums">{money(lead.invest)}</dd>
          </div>
        </dl>
        <FranchiseBadges franchises={lead.franchises} />
        <LeadStockBadges stock={lead.stock} />
      </div>
    </div>
  );
}
