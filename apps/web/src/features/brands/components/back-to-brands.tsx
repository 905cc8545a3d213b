import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** 'Voltar para marcas', above the brand form. */
export function BackToBrands() {
  const { t } = useTranslation('brands');
  return (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" asChild>
      <Link to="/marcas/gerenciar">
        <ArrowLeftIcon />
        {t('form.back')}
      </Link>
    </Button>
  );
}
