import { KanbanSquareIcon, ListIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export const LEAD_VIEW_MODES = ['kanban', 'list'] as const;
export type LeadViewMode = (typeof LEAD_VIEW_MODES)[number];

/** `leadViewMode` as stored; anything else is the default, the Kanban. */
export const parseLeadViewMode = (stored: string | null): LeadViewMode =>
  stored === 'list' ? 'list' : 'kanban';

/** Kanban or list: two pressed-or-not buttons. */
export function ViewToggle({
  value,
  onChange,
}: {
  value: LeadViewMode;
  onChange: (mode: LeadViewMode) => void;
}) {
  const { t } = useTranslation('pipeline');
  const icons = { kanban: KanbanSquareIcon, list: ListIcon };
  return (
    <div role="group" aria-label={t('view.label')} className="inline-flex rounded-lg border bg-card p-0.5">
      {LEAD_VIEW_MODES.map((mode) => {
        const Icon = icons[mode];
        return (
          <Button
            key={mode}
            size="sm"
            variant={value === mode ? 'secondary' : 'ghost'}
            aria-pressed={value === mode}
            onClick={() => onChange(mode)}
          >
            <Icon />
            {t(`view.${mode}`)}
          </Button>
        );
      })}
    </div>
  );
}
