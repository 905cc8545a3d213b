import type { LeadCreateInput } from '@funil/shared';
import { useTranslation } from 'react-i18next';
import { changedFields } from '@/components/form/changed-fields';
import type { TypedValue } from '@/components/form/edit-conflict-dialog';
import type { SelectOption } from '@/components/option-select';
import { useFormatters } from '@/lib/format';
import { LEAD_FORM_FIELDS } from '../utils/lead-form-fields';
import type { useLeadFormOptions } from './use-lead-form-options';

/** Where the form's options of each select field are. */
const OPTION_LISTS = {
  vertical: 'verticals',
  quota: 'quotas',
  platform: 'platforms',
  executive: 'executives',
} as const;

const optionLabel = (options: SelectOption[], value: unknown) =>
  options.find((option) => option.value === value)?.label ?? String(value ?? '');

/**
 * What the user changed on the opportunity form, as they see it (names for ids, amounts in BRL,
 * Sim/Não), for the dialog a save over someone else's change opens.
 */
export function useLeadTypedValues(options: ReturnType<typeof useLeadFormOptions>) {
  const { t } = useTranslation(['leads', 'common']);
  const format = useFormatters();

  function display(field: (typeof LEAD_FORM_FIELDS)[number], value: unknown): string {
    switch (field) {
      case 'vertical':
      case 'quota':
      case 'platform':
      case 'executive':
        return optionLabel(options[OPTION_LISTS[field]], value);
      case 'contract_status':
        return value ? t(`contractStatus.${value as NonNullable<LeadCreateInput['contract_status']>}`) : '';
      case 'franchises':
        return Array.isArray(value) ? value.join(', ') : '';
      case 'credit':
      case 'invest':
        return format.currency(value as number | string | null);
      case 'exchange':
      case 'rouanet_law':
        return t(value ? 'common:editConflict.yes' : 'common:editConflict.no');
      default:
        return String(value ?? '');
    }
  }

  return (initial: LeadCreateInput, current: LeadCreateInput): TypedValue[] =>
    changedFields(initial, current, LEAD_FORM_FIELDS).map((field) => ({
      field,
      label: t(`fields.${field}`),
      value: display(field, current[field]),
    }));
}
