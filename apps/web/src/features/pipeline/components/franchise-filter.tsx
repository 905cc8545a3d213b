import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/multi-select';
import { Label } from '@/components/ui/label';

type FranchiseFilterProps = {
  names: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
};

const FRANCHISE_FILTER_ID = 'pipeline-filter-franchises';

/** The franchises to show (leads with any of them), chosen as in the lead form. */
export function FranchiseFilter({ names, selected, onChange }: FranchiseFilterProps) {
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={FRANCHISE_FILTER_ID}>{t('filters.franchises')}</Label>
      <MultiSelect
        id={FRANCHISE_FILTER_ID}
        options={names.map((name) => ({ value: name, label: name }))}
        value={selected}
        onChange={onChange}
        placeholder={t('filters.allFranchises')}
        summary={(count) => t('filters.franchisesSelected', { count })}
        removeLabel={(label) => tLeads('form.removeFranchise', { name: label })}
        emptyText={t('filters.noFranchise')}
      />
    </div>
  );
}
