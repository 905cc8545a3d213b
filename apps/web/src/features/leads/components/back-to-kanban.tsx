import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** 'Voltar ao Kanban', above the opportunity form: the pipeline at /dashboard. */
export function BackToKanban() {
  const { t } = useTranslation('leads');
  return (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" asChild>
      <Link to="/dashboard">
        <ArrowLeftIcon />
        {t('edit.back')}
      </Link>
    </Button>
  );
}
