import { RECORD_STATUSES } from '@funil/shared';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ControlledFieldProps } from '@/components/form/controlled-field';
import { OptionSelectField } from '@/components/form/option-select-field';

/** The 'Ativo' / 'Inativo' select of every record form (brands, catalogues). */
export function RecordStatusField<Values extends FieldValues>(props: ControlledFieldProps<Values>) {
  const { t } = useTranslation();
  const options = useMemo(
    () => RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    [t],
  );
  return <OptionSelectField {...props} options={options} />;
}
