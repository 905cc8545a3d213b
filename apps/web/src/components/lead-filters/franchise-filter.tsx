import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/multi-select';
import { Label } from '@/components/ui/label';

type FranchiseFilterProps = {
  names: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** The field's id, unique on the page. */
  id: string;
};

/** The franchises to show (leads with any of them), chosen as in the lead form; as narrow as its cell. */
export function FranchiseFilter({ id, names, selected, onChange }: FranchiseFilterProps) {
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={id}>{t('filters.franchises')}</Label>
      <MultiSelect
        id={id}
        className="grid-cols-1"
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
