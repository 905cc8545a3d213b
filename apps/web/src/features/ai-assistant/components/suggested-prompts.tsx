import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const SUGGESTIONS = ['brandInfo', 'approach', 'financial'] as const;

type SuggestedPromptsProps = {
  brandName: string;
  disabled: boolean;
  onPick: (prompt: string) => void;
};

/** The empty chat's three starting questions; picking one sends it. */
export function SuggestedPrompts({ brandName, disabled, onPick }: SuggestedPromptsProps) {
  const { t } = useTranslation('assistant');
  return (
    <section aria-labelledby="assistant-suggestions" className="flex flex-col gap-2">
      <h3 id="assistant-suggestions" className="flex items-center gap-1.5 text-sm font-medium">
        <SparklesIcon className="size-4 text-primary" aria-hidden />
        {t('suggestions.title')}
      </h3>
      {SUGGESTIONS.map((key) => {
        const prompt = t(`suggestions.${key}`, { brand: brandName });
        return (
          <Button
            key={key}
            type="button"
            variant="outline"
            className="h-auto justify-start py-2 text-left whitespace-normal"
            disabled={disabled}
            onClick={() => onPick(prompt)}
          >
            {prompt}
          </Button>
        );
      })}
    </section>
  );
}
