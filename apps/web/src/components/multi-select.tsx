import { ChevronDownIcon, XIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuCheckboxItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

export type MultiSelectOption = { value: string; label: string };

type MultiSelectProps = {
  /** The trigger's id, so a `<Label htmlFor>` names it. */
  id?: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The trigger's text while nothing is chosen. */
  placeholder: string;
  /** The trigger's text once something is chosen: '2 praças selecionadas'. */
  summary: (count: number) => string;
  /** Each chosen badge's remove button: 'Remover São Paulo'. */
  removeLabel: (label: string) => string;
  /** Shown in the menu when there is no option at all. */
  emptyText: string;
  disabled?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  ref?: Ref<HTMLButtonElement>;
  className?: string;
};

/**
 * Several choices from a list: a button opening a menu of checkbox items (arrows and typeahead move,
 * Space or Enter toggles, the menu stays open until Esc or Tab), and the chosen ones as badges
 * under it, each with its own remove button. Chosen values keep the options' order.
 */
export function MultiSelect({
  id,
  options,
  value,
  onChange,
  placeholder,
  summary,
  removeLabel,
  emptyText,
  disabled,
  ref,
  className,
  ...aria
}: MultiSelectProps) {
  const chosen = new Set(value);
  const labelOf = (optionValue: string) =>
    options.find((option) => option.value === optionValue)?.label ?? optionValue;

  function toggle(optionValue: string, checked: boolean) {
    const next = new Set(chosen);
    if (checked) next.add(optionValue);
    else next.delete(optionValue);
    // Known options in their order, then any value the list no longer offers.
    const known = options.map((option) => option.value).filter((candidate) => next.has(candidate));
    onChange([...known, ...[...next].filter((candidate) => !known.includes(candidate))]);
  }

  return (
    <div className={cn('grid gap-2', className)}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild disabled={disabled}>
          <Button
            id={id}
            ref={ref}
            type="button"
            variant="outline"
            className="w-full justify-between font-normal"
            {...aria}
          >
            <span className={cn('truncate', value.length === 0 && 'text-muted-foreground')}>
              {value.length === 0 ? placeholder : summary(value.length)}
            </span>
            <ChevronDownIcon className="opacity-50" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-72 w-(--radix-dropdown-menu-trigger-width) min-w-56"
        >
          {options.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{emptyText}</p>
          ) : (
            options.map((option) => (
              <DropdownMenuCheckboxItem
                key={option.value}
                checked={chosen.has(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked)}
                // Choosing one keeps the menu open for the next.
                onSelect={(event) => event.preventDefault()}
              >
                {option.label}
              </DropdownMenuCheckboxItem>
            ))
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((chosenValue) => {
            const label = labelOf(chosenValue);
            return (
              <li key={chosenValue}>
                <Badge variant="secondary" className="gap-0.5 pr-0.5">
                  {label}
                  <button
                    type="button"
                    className="rounded-sm p-0.5 outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
                    aria-label={removeLabel(label)}
                    title={removeLabel(label)}
                    disabled={disabled}
                    onClick={() => toggle(chosenValue, false)}
                  >
                    <XIcon className="size-3" aria-hidden />
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
