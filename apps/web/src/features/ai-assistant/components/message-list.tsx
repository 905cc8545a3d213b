import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantMessage } from '@/api/ai-chat';
import type { Outcome } from '../hooks/use-assistant-chat';
import { messageText, toTurns } from '../utils/message-parts';
import { AssistantReply } from './assistant-reply';
import { ChatBubble } from './chat-bubble';

type MessageListProps = {
  messages: AssistantMessage[];
  outcomes: ReadonlyMap<string, Outcome>;
  /** Sent, no answer yet: the typing indicator. */
  isWaiting: boolean;
  isLocked: boolean;
};

function TypingIndicator() {
  const { t } = useTranslation('assistant');
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
      <span className="flex gap-1" aria-hidden>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-muted-foreground"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      {t('messages.typing')}
    </div>
  );
}

/** The conversation, a polite live log that follows the newest text. */
export function MessageList({ messages, outcomes, isWaiting, isLocked }: MessageListProps) {
  const { t } = useTranslation('assistant');
  const endRef = useRef<HTMLDivElement>(null);
  const lastText = messages.length ? messageText(messages[messages.length - 1]!) : '';
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastText.length, isWaiting, isLocked]);

  return (
    <div role="log" aria-live="polite" aria-label={t('messages.log')} className="flex flex-col gap-3">
      {toTurns(messages).map(({ question, answer }) => (
        <div key={question.id} className="flex flex-col gap-2">
          <ChatBubble from="user" label={t('messages.you')}>
            {messageText(question)}
          </ChatBubble>
          <AssistantReply message={answer} outcome={outcomes.get(question.id)} />
        </div>
      ))}
      {isWaiting && <TypingIndicator />}
      {isLocked && (
        <p className="rounded-md border border-dashed px-3 py-2 text-center text-xs text-muted-foreground">
          {t('messages.locked')}
        </p>
      )}
      <div ref={endRef} />
    </div>
  );
}
