import { CopyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** Copies the answer's Markdown to the clipboard and says so. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('assistant');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copy.done'));
    } catch {
      toast.error(t('copy.failed'));
    }
  }
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs text-muted-foreground"
      onClick={() => void copy()}
    >
      <CopyIcon aria-hidden />
      {t('copy.label')}
    </Button>
  );
}
