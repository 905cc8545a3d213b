import { useTranslation } from 'react-i18next';
import type { AssistantMessage } from '@/api/ai-chat';
import type { Outcome } from '../hooks/use-assistant-chat';
import { messageRegistry, messageText } from '../utils/message-parts';
import { AssistantMarkdown } from './assistant-markdown';
import { ChatBubble } from './chat-bubble';
import { CopyButton } from './copy-button';
import { AssistantRegistry } from './assistant-registry';

type AssistantReplyProps = {
  message?: AssistantMessage;
  /** How it ended; undefined while it is still being written. */
  outcome?: Outcome;
};

/**
 * The answer to one question: the registry record above it, the Markdown as it streams in, a
 * copy button once done; a fixed message in place of a failed or an empty answer.
 */
export function AssistantReply({ message, outcome }: AssistantReplyProps) {
  const { t } = useTranslation('assistant');
  const text = message ? messageText(message) : '';
  const registry = message ? messageRegistry(message) : undefined;
  const label = t('messages.assistant');
  return (
    <>
      {registry && <AssistantRegistry registry={registry} />}
      {text && (
        <ChatBubble from="assistant" label={label}>
          <AssistantMarkdown text={text} />
          {outcome && (
            <div className="mt-1 flex justify-end">
              <CopyButton text={text} />
            </div>
          )}
        </ChatBubble>
      )}
      {outcome === 'failed' && (
        <ChatBubble from="assistant" label={label} tone="error">
          {t('messages.error')}
        </ChatBubble>
      )}
      {outcome === 'empty' && (
        <ChatBubble from="assistant" label={label} tone="muted">
          {t('messages.empty')}
        </ChatBubble>
      )}
      {outcome === 'stopped' && <p className="text-xs text-muted-foreground">{t('messages.stopped')}</p>}
    </>
  );
}
