import type { SpreadsheetKind } from '@funil/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A field's name as the spreadsheets' headers write it (`spreadsheet:columns.<kind>.<field>`, the
 * shared namespace the server writes exports with), so the wizard speaks the file's words; a
 * problem of the whole row (no field) reads "Linha".
 */
export function useFieldLabel(kind: SpreadsheetKind) {
  const { t } = useTranslation(['spreadsheet', 'spreadsheets']);
  return useCallback(
    (field: string | null) =>
      field === null
        ? t('spreadsheets:wizard.preview.wholeRow')
        : t(`spreadsheet:columns.${kind}.${field}` as 'spreadsheet:columns.brands.name', {
            defaultValue: field,
          }),
    [kind, t],
  );
}
