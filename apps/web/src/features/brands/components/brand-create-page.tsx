import type { BrandCreate } from '@funil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCreateBrand, useUploadBrandImage } from '@/api/brands';
import { Card, CardContent } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/http';
import { BrandForm } from './brand-form';
import { BrandImageField } from './brand-image-field';

/**
 * /marcas/criar: the brand form; a picture chosen here is sent once the brand exists. After
 * creating, the brand's edit screen opens, where its contacts are added.
 */
export function BrandCreatePage() {
  const { t } = useTranslation('brands');
  const navigate = useNavigate();
  const create = useCreateBrand();
  const upload = useUploadBrandImage();
  const [pendingImage, setPendingImage] = useState<File | null>(null);

  async function handleSave(values: BrandCreate) {
    const brand = await create.mutateAsync(values);
    toast.success(t('form.created'));
    if (pendingImage) {
      try {
        await upload.mutateAsync({ id: brand.id, file: pendingImage });
      } catch (error) {
        // The brand exists: say the picture failed, and let the edit screen try again.
        toast.error(t('image.uploadError'), { description: getErrorMessage(error, t('image.uploadError')) });
      }
    }
    void navigate(`/marcas/editar/${brand.id}`);
  }

  const isSaving = create.isPending || upload.isPending;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to="/marcas/gerenciar" label={t('form.back')} />
      <Card>
        <CardContent>
          <BrandForm
            brand={null}
            isSaving={isSaving}
            onSave={handleSave}
            saveErrorMessage={t('form.createError')}
            submitLabel={t('form.submitCreate')}
            imageField={
              <BrandImageField
                brandName=""
                imageUrl={null}
                pendingFile={pendingImage}
                onSelect={setPendingImage}
                onRemove={() => setPendingImage(null)}
                isBusy={isSaving}
              />
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
