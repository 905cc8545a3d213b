import { zodResolver } from '@hookform/resolvers/zod';
import type { Task, TaskRecord } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import { BuildingIcon, HandshakeIcon } from 'lucide-react';
import { useMemo } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { meQueryOptions } from '@/api/auth';
import { taskAssigneesQueryOptions, useCreateTask, useUpdateTask } from '@/api/tasks';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { FormDialog } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/form-field';
import { OptionSelectField } from '@/components/form/option-select-field';
import { useSaveForm } from '@/components/form/use-save-form';
import {
  REMINDER_CHOICES,
  type TaskFormOutput,
  taskCreateFormSchema,
  taskFormDefaults,
  type TaskFormValues,
  taskUpdateFormSchema,
} from './task-form-values';

export type TaskDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; absent or null creates one. */
  task?: Task | null;
  /** A new task's opportunity or brand, fixed (the card, lead or brand it was opened from). */
  record?: TaskRecord | null;
};

/** "Nova tarefa" / "Editar tarefa": title, due date and time, reminder, assignee; the record shown, fixed. */
export function TaskDialog({ open, onOpenChange, task = null, record = null }: TaskDialogProps) {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  const update = useUpdateTask();
  const isSaving = create.isPending || update.isPending;

  async function handleSave(body: TaskFormOutput) {
    if (task) {
      await update.mutateAsync({ task, body });
      toast.success(t('toast.updated'));
    } else {
      await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast.success(t('toast.created'));
    }
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? t('edit') : t('new')}
      description={task ? t('editDescription') : t('createDescription')}
      isSaving={isSaving}
    >
      <TaskForm
        task={task}
        record={task?.record ?? record}
        isSaving={isSaving}
        onCancel={() => onOpenChange(false)}
        onSave={handleSave}
      />
    </FormDialog>
  );
}

type TaskFormProps = {
  task: Task | null;
  record: TaskRecord | null;
  isSaving: boolean;
  onCancel: () => void;
  onSave: (body: TaskFormOutput) => Promise<void>;
};

function TaskForm({ task, record, isSaving, onCancel, onSave }: TaskFormProps) {
  const { t } = useTranslation(['tasks', 'common']);
  // The signed-in user, as the session already read it: a new task is theirs unless reassigned.
  const me = useQuery({ ...meQueryOptions(), enabled: false }).data;
  const users = useQuery(taskAssigneesQueryOptions()).data?.data;
  // The resolver hands the API's body to the submit handler, not the form's values (see onSave).
  const resolver = useMemo(
    () =>
      zodResolver(
        task ? taskUpdateFormSchema() : taskCreateFormSchema(record),
      ) as unknown as Resolver<TaskFormValues>,
    [task, record],
  );
  const form = useForm<TaskFormValues>({
    resolver,
    defaultValues: taskFormDefaults(task, me?.id ?? ''),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const reminder = useWatch({ control, name: 'reminder' });
  const handleSubmit = useSaveForm(form, {
    onSave: (body) => onSave(body as unknown as TaskFormOutput),
    fallback: t('toast.saveError'),
    fields: ['title', 'due_at', 'remind_at', 'assignee'],
  });

  const assigneeOptions = useMemo(() => {
    const options = (users ?? []).map((user) => ({ value: user.id, label: user.name }));
    // The current assignee stays choosable even if no longer among the active users.
    if (task?.assignee && !options.some((option) => option.value === task.assignee?.id)) {
      options.unshift({ value: task.assignee.id, label: task.assignee.name });
    }
    return options;
  }, [users, task]);
  const reminderOptions = REMINDER_CHOICES.map((choice) => ({
    value: choice,
    label: t(`tasks:reminder.${choice}`),
  }));
  const RecordIcon = record?.type === 'brand' ? BuildingIcon : HandshakeIcon;

  return (
    <form noValidate className="grid gap-4" onSubmit={handleSubmit}>
      {record && (
        <p className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
          <RecordIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="text-muted-foreground">
            {t(record.type === 'brand' ? 'tasks:fields.brand' : 'tasks:fields.lead')}:
          </span>
          <span className="truncate font-medium">{record.name}</span>
        </p>
      )}
      <TextField
        id="task-title"
        label={t('tasks:fields.title')}
        error={errors.title?.message}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first field takes the focus as the dialog opens
        autoFocus
        placeholder={t('tasks:fields.titlePlaceholder')}
        disabled={isSaving}
        {...register('title')}
      />
      <TextField
        id="task-due"
        type="datetime-local"
        label={t('tasks:fields.due')}
        error={errors.due_at?.message}
        disabled={isSaving}
        {...register('due_at')}
      />
      <OptionSelectField
        id="task-reminder"
        label={t('tasks:fields.reminder')}
        control={control}
        name="reminder"
        options={reminderOptions}
        error={errors.reminder?.message}
        disabled={isSaving}
      />
      {reminder === 'custom' && (
        <TextField
          id="task-remind-at"
          type="datetime-local"
          label={t('tasks:fields.reminderAt')}
          error={errors.remind_at?.message}
          disabled={isSaving}
          {...register('remind_at')}
        />
      )}
      <OptionSelectField
        id="task-assignee"
        label={t('tasks:fields.assignee')}
        control={control}
        name="assignee"
        options={assigneeOptions}
        placeholder={me?.name}
        error={errors.assignee?.message}
        disabled={isSaving}
      />
      {/* Where the API puts a message about the record ("one or the other"), shown once. */}
      {(errors as Record<string, { message?: string } | undefined>).brand_id?.message && (
        <p role="alert" className="text-sm text-destructive">
          {t((errors as Record<string, { message?: string }>).brand_id!.message as never)}
        </p>
      )}
      <DialogFormFooter
        isSaving={isSaving}
        submitLabel={task ? t('common:actions.save') : t('common:actions.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
