import { type Brand, type BrandCreate, formatCnpj } from '@funil/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { toast } from 'sonner';
import { brandQueryOptions, useRemoveBrandImage, useUpdateBrand, useUploadBrandImage } from '@/api/brands';
import { useEditVersion } from '@/components/form/use-edit-version';
import { NewTaskButton } from '@/components/tasks/new-task-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadFailedRedirect } from '@/components/use-load-failed-redirect';
import { getErrorMessage } from '@/lib/http';
import { toBrandUpdateBody } from '../utils/brand-body';
import { BrandForm } from './brand-form';
import { BrandImageField } from './brand-image-field';

/** The brand's fields the form edits, as it holds them. */
const brandFormFields = (brand: Brand) => [
  brand.name,
  brand.company_name,
  formatCnpj(brand.cnpj),
  brand.area_of_activity,
  brand.segmentation,
  brand.responsible,
  brand.description,
  brand.status,
];

type BrandEditPageProps = {
  brandId: string;
  /** The brand's contacts table, composed by the route (features do not import features). */
  contacts: (brand: Brand) => ReactNode;
  /** The brand's timeline (its notes, tasks and its opportunities' moves), composed by the route. */
  timeline?: (brand: Brand) => ReactNode;
  /**
   * The brand's open tasks with their 'Nova tarefa', composed by the route, above the timeline.
   * Without it, 'Nova tarefa' sits in the header.
   */
  tasks?: (brand: Brand) => ReactNode;
};

/**
 * /marcas/editar/:id: the brand form, its picture (sent as soon as it is chosen) and, under it,
 * the brand's contacts. A brand that cannot be loaded says so and goes back to the list.
 */
export function BrandEditPage({ brandId, contacts, timeline, tasks }: BrandEditPageProps) {
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

  // The version the form was opened with: its save sends it as If-Match. A picture changed here
  // rewrites the brand's row but none of the form's fields, so the form moves on to that version.
  const version = useEditVersion(query.data, brandFormFields);

  async function handleSave(values: BrandCreate) {
    const etag = version.base?.etag ?? null;
    const opened = version.base?.record;
    // The form shows only once the brand is loaded: there is always a version to save over.
    if (!opened) return;
    // Only what changed since the form opened; nothing changed sends nothing and says it is saved.
    const body = toBrandUpdateBody(values, opened);
    if (Object.keys(body).length > 0) version.saved(await update.mutateAsync({ id: brandId, body, etag }));
    toast.success(t('form.updated'));
  }

  async function handleReload() {
    const { data } = await query.refetch();
    if (data) version.reload(data);
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

  const brand = query.data?.record;
  // The form shows the version it saves over, not a newer one loaded meanwhile.
  const opened = version.base?.record;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to="/marcas/gerenciar" label={t('form.back')} />
        {brand && !tasks && (
          <NewTaskButton record={{ type: 'brand', id: brand.id, name: brand.name }} size="sm" />
        )}
      </div>
      <Card>
        <CardContent>
          {brand && opened ? (
            <BrandForm
              key={version.formKey}
              brand={opened}
              isSaving={update.isPending}
              onSave={handleSave}
              saveErrorMessage={t('form.updateError')}
              submitLabel={t('form.submitSave')}
              onReload={handleReload}
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
      {brand && tasks && (
        <Card>
          <CardContent>{tasks(brand)}</CardContent>
        </Card>
      )}
      {brand && timeline && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('form.timelineTitle')}</h2>
            </CardTitle>
            <CardDescription>{t('form.timelineDescription')}</CardDescription>
          </CardHeader>
          <CardContent>{timeline(brand)}</CardContent>
        </Card>
      )}
    </div>
  );
}
