import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { OCCUPANCY_CLASSES, OCCUPANCY_ORDER } from './occupancy-styles';

/** What the cells' colours mean (the cells say it in words too). */
export function ProspectusLegend() {
  const { t } = useTranslation('prospectus');
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
      <span id={labelId} className="font-medium">
        {t('legend.label')}:
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {OCCUPANCY_ORDER.map((occupancy) => (
          <li key={occupancy} className="flex items-center gap-1.5">
            <span aria-hidden className={cn('size-3 rounded-sm border', OCCUPANCY_CLASSES[occupancy])} />
            {t(`legend.${occupancy}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
