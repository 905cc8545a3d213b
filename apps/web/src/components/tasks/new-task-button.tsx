import type { TaskRecord } from '@funil/shared';
import { ListPlusIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TaskDialog } from './task-dialog';

type NewTaskButtonProps = {
  /** The opportunity or brand the new task belongs to; none for a task of its own. */
  record?: TaskRecord | null;
  variant?: ComponentProps<typeof Button>['variant'];
  size?: ComponentProps<typeof Button>['size'];
  className?: string;
};

/** "Nova tarefa", and the dialog it opens, the record fixed. */
export function NewTaskButton({ record = null, variant = 'outline', size, className }: NewTaskButtonProps) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} size={size} className={className} onClick={() => setOpen(true)}>
        <ListPlusIcon aria-hidden />
        {t('new')}
      </Button>
      {open && <TaskDialog open onOpenChange={setOpen} record={record} />}
    </>
  );
}
