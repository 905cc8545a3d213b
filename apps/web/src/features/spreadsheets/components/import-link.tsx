import type { SpreadsheetKind } from '@funil/shared';
import { UploadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { importPath } from '../utils/import-path';

/** "Importar": opens the import wizard with this kind of record chosen. */
export function ImportLink({ kind }: { kind: SpreadsheetKind }) {
  const { t } = useTranslation('spreadsheets');
  return (
    <Button size="sm" variant="outline" asChild>
      <Link to={importPath(kind)} aria-label={t('import.buttonLabel', { what: t(`kinds.${kind}`) })}>
        <UploadIcon aria-hidden />
        {t('import.button')}
      </Link>
    </Button>
  );
}
