import { AI_PROMPT_MAX_LENGTH } from '@funil/shared';
import { SendIcon, SquareIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

type ChatComposerProps = {
  /** False while an answer is pending or once the chat is locked. */
  canSend: boolean;
  canStop: boolean;
  disabled: boolean;
  /** Returns whether it was sent (the box empties then). */
  onSend: (text: string) => boolean;
  onStop: () => void;
};

/** The question box: Enter sends, Shift+Enter breaks the line; Stop while an answer is pending. */
export function ChatComposer({ canSend, canStop, disabled, onSend, onStop }: ChatComposerProps) {
  const { t } = useTranslation('assistant');
  const [text, setText] = useState('');
  const hintId = useId();
  const boxRef = useRef<HTMLTextAreaElement>(null);

  // The sheet opens on the question box (the sheet holds focus until this chunk has loaded).
  useEffect(() => {
    boxRef.current?.focus();
  }, []);

  function submit() {
    if (onSend(text)) setText('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <Textarea
          ref={boxRef}
          aria-label={t('composer.label')}
          aria-describedby={hintId}
          placeholder={t('composer.placeholder')}
          className="max-h-40 min-h-10 resize-none"
          rows={1}
          maxLength={AI_PROMPT_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        {canStop ? (
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('composer.stop')}
            onClick={onStop}
          >
            <SquareIcon aria-hidden />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            aria-label={t('composer.send')}
            disabled={!canSend || !text.trim()}
          >
            <SendIcon aria-hidden />
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('composer.hint')}
      </p>
    </form>
  );
}
