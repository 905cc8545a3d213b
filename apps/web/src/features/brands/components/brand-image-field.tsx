import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type DragEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { ACCEPTED_IMAGE_TYPES, imageChoiceProblem } from '../utils/image-choice';

type BrandImageFieldProps = {
  brandName: string;
  /** The stored picture's URL; null when the brand has none (or does not exist yet). */
  imageUrl: string | null;
  /** A picture chosen but not sent yet (a brand being created sends it once it exists). */
  pendingFile: File | null;
  /** A valid file was chosen (or dropped). */
  onSelect: (file: File) => void;
  onRemove: () => void;
  isBusy: boolean;
};

/**
 * The brand picture: a drop zone that is also a button (click or keyboard to choose a file), the
 * limits said up front, a preview at the list's 335:188 proportion, and remove. Files that cannot
 * be a brand picture are refused here with the API's own words, before any upload.
 */
export function BrandImageField({
  brandName,
  imageUrl,
  pendingFile,
  onSelect,
  onRemove,
  isBusy,
}: BrandImageFieldProps) {
  const { t } = useTranslation('brands');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The pending file's preview lives as long as the file is pending.
  const pendingUrl = useMemo(() => (pendingFile ? URL.createObjectURL(pendingFile) : null), [pendingFile]);
  useEffect(() => () => (pendingUrl ? URL.revokeObjectURL(pendingUrl) : undefined), [pendingUrl]);
  const preview = pendingUrl ?? imageUrl;

  function choose(file: File | undefined) {
    if (!file) return;
    const refusal = imageChoiceProblem(file);
    setProblem(refusal ? t(`image.${refusal}`) : null);
    if (!refusal) onSelect(file);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!isBusy) choose(event.dataTransfer.files[0]);
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{t('fields.image')}</Label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="sr-only"
        disabled={isBusy}
        aria-describedby={`${inputId}-limits${problem ? ` ${inputId}-problem` : ''}`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        disabled={isBusy}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        aria-label={preview ? t('image.change') : t('image.drop')}
        className={cn(
          'relative flex aspect-[335/188] w-full max-w-[335px] items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-muted/40 text-center text-sm text-muted-foreground transition-colors',
          'hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
          isDragging && 'border-primary bg-primary/5',
        )}
      >
        {preview ? (
          <img src={preview} alt={t('image.alt', { name: brandName })} className="size-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-2 p-4">
            <ImageUpIcon className="size-6" aria-hidden />
            {t('image.drop')}
          </span>
        )}
      </button>
      <p id={`${inputId}-limits`} className="text-xs text-muted-foreground">
        {t('image.limits')}
        {pendingFile ? ` ${t('image.pending')}` : ''}
      </p>
      {problem && (
        <p id={`${inputId}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      {preview && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={onRemove}
          disabled={isBusy}
        >
          <Trash2Icon />
          {t('image.remove')}
        </Button>
      )}
    </div>
  );
}
