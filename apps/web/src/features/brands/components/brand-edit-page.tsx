import type { Brand, BrandCreate } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { toast } from 'sonner';
import { brandQueryOptions, useRemoveBrandImage, useUpdateBrand, useUploadBrandImage } from '@/api/brands';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadFailedRedirect } from '@/components/use-load-failed-redirect';
import { getErrorMessage } from '@/lib/http';
import { BrandForm } from './brand-form';
import { BrandImageField } from './brand-image-field';

type BrandEditPageProps = {
  brandId: string;
  /** The brand's contacts table, composed by the route (features do not import features). */
  contacts: (brand: Brand) => ReactNode;
};

/**
 * /marcas/editar/:id: the brand form, its picture (sent as soon as it is chosen) and, under it,
 * the brand's contacts. A brand that cannot be loaded says so and goes back to the list.
 */
export function BrandEditPage({ brandId, contacts }: BrandEditPageProps) {
  const { t } = useTranslation('brands');
  const query = useQuery(brandQueryOptions(brandId));
  const update = useUpdateBrand();
  const upload = useUploadBrandImage();
  const removeImage = useRemoveBrandImage();

  useLoadFailedRedirect({
    error: query.error,
    title: t('form.loadError'),
    toastId: 'brand-load-error',
    to: '/marcas/gerenciar',
  });

  async function handleSave(values: BrandCreate) {
    await update.mutateAsync({ id: brandId, body: values });
    toast.success(t('form.updated'));
  }

  async function handleImage(file: File) {
    try {
      await upload.mutateAsync({ id: brandId, file });
      toast.success(t('image.uploaded'));
    } catch (error) {
      toast.error(t('image.uploadError'), { description: getErrorMessage(error, t('image.uploadError')) });
    }
  }

  async function handleRemoveImage() {
    try {
      await removeImage.mutateAsync(brandId);
      toast.success(t('image.removed'));
    } catch (error) {
      toast.error(t('image.uploadError'), { description: getErrorMessage(error, t('image.uploadError')) });
    }
  }

  const brand = query.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/marcas/gerenciar" label={t('form.back')} />
      <Card>
        <CardContent>
          {brand ? (
            <BrandForm
              brand={brand}
              isSaving={update.isPending}
              onSave={handleSave}
              saveErrorMessage={t('form.updateError')}
              submitLabel={t('form.submitSave')}
              imageField={
                <BrandImageField
                  brandName={brand.name}
                  imageUrl={brand.image_url}
                  pendingFile={null}
                  onSelect={(file) => void handleImage(file)}
                  onRemove={() => void handleRemoveImage()}
                  isBusy={upload.isPending || removeImage.isPending}
                />
              }
            />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2" aria-busy>
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-14" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      {brand && (
        <Card>
          <CardHeader>
            <CardTitle>{t('form.contactsTitle')}</CardTitle>
            <CardDescription>{t('form.contactsDescription')}</CardDescription>
          </CardHeader>
          <CardContent>{contacts(brand)}</CardContent>
        </Card>
      )}
    </div>
  );
}
