import { ChevronDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';

type FranchiseFilterProps = {
  names: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
};

/** The franchises to show (any of them): a menu of checkboxes that stays open while ticking. */
export function FranchiseFilter({ names, selected, onChange }: FranchiseFilterProps) {
  const { t } = useTranslation('pipeline');
  const summary =
    selected.length === 0
      ? t('filters.allFranchises')
      : selected.length === 1
        ? selected[0]
        : t('filters.franchisesSelected', { count: selected.length });
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="pipeline-filter-franchises">{t('filters.franchises')}</Label>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            id="pipeline-filter-franchises"
            variant="outline"
            className="w-full justify-between font-normal"
          >
            <span className="truncate">{summary}</span>
            <ChevronDownIcon className="opacity-50" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-72 w-(--radix-dropdown-menu-trigger-width) overflow-y-auto"
        >
          {names.map((name) => (
            <DropdownMenuCheckboxItem
              key={name}
              checked={selected.includes(name)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) =>
                onChange(checked ? [...selected, name] : selected.filter((candidate) => candidate !== name))
              }
            >
              {name}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
