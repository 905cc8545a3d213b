import { CONTRACT_STATUSES, type ContractStatus } from '@funil/shared';
import { ArrowRightLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

type BulkMoveMenuProps = {
  disabled: boolean;
  onMove: (to: ContractStatus) => void;
};

/** "Mover para…": the eight statuses, by their labels, in the pipeline's order. */
export function BulkMoveMenu({ disabled, onMove }: BulkMoveMenuProps) {
  const { t } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" disabled={disabled}>
          <ArrowRightLeftIcon aria-hidden />
          {t('bulk.moveTo')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top">
        {CONTRACT_STATUSES.map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onMove(status)}>
            {tLeads(`contractStatus.${status}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
