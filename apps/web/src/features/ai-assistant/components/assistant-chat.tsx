import { useAssistantChat } from '../hooks/use-assistant-chat';
import type { BrandContext } from '../utils/company-request';
import { ChatComposer } from './chat-composer';
import { MessageList } from './message-list';
import { SuggestedPrompts } from './suggested-prompts';

export type AssistantChatProps = {
  sessionId: string;
  leadId: string;
  brand: BrandContext;
};

/**
 * The sheet's body, loaded on first opening (React.lazy), so the edit screen does not carry the
 * AI SDK or the Markdown renderer: the conversation (or the suggestions while empty) and the box.
 */
export default function AssistantChat({ sessionId, leadId, brand }: AssistantChatProps) {
  const chat = useAssistantChat({ sessionId, leadId, brand });
  const isEmpty = chat.messages.length === 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {isEmpty && !chat.isPending ? (
          <SuggestedPrompts brandName={brand.name} disabled={!chat.canSend} onPick={chat.send} />
        ) : (
          <MessageList
            messages={chat.messages}
            outcomes={chat.outcomes}
            isWaiting={chat.status === 'submitted'}
            isLocked={chat.isLocked}
          />
        )}
      </div>
      <div className="border-t px-4 py-3">
        <ChatComposer
          canSend={chat.canSend}
          canStop={chat.isPending}
          disabled={chat.isLocked}
          onSend={chat.send}
          onStop={chat.stop}
        />
      </div>
    </div>
  );
}
