import { useChat } from '@ai-sdk/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AssistantMessage, assistantDataPartSchemas, createAssistantTransport } from '@/api/ai-chat';
import { HttpError } from '@/lib/http';
import { type BrandContext, firstPrompt } from '../utils/company-request';
import { messageText } from '../utils/message-parts';

/** How a question's answer ended: the sheet shows a note for all but `answered`. */
export type Outcome = 'answered' | 'empty' | 'stopped' | 'failed';

export type AssistantChatOptions = {
  /** A new id for each opening of the sheet: a new chat, nothing carried over. */
  sessionId: string;
  leadId: string;
  /** The lead's brand, for the first message's company-data request. */
  brand?: BrandContext;
};

/**
 * One session of the assistant (`useChat` over `POST /api/ai/chat`): one question; the chat locks
 * once it is answered with text. A failure, an empty answer or a stopped one leave it open, so the
 * user may ask again (as the error message invites).
 */
export function useAssistantChat({ sessionId, leadId, brand }: AssistantChatOptions) {
  const { t } = useTranslation('assistant');
  const [transport] = useState(createAssistantTransport);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());

  const chat = useChat<AssistantMessage>({
    id: sessionId,
    transport,
    dataPartSchemas: assistantDataPartSchemas,
    onError: (error) => {
      const description = error instanceof HttpError ? error.serverMessage : undefined;
      toast.error(t('messages.errorToast'), { description });
    },
    onFinish: ({ message, messages, isAbort, isError, isDisconnect }) => {
      const question = messages.findLast((candidate) => candidate.role === 'user');
      if (!question) return;
      const outcome: Outcome =
        isError || isDisconnect
          ? 'failed'
          : isAbort
            ? 'stopped'
            : messageText(message).trim()
              ? 'answered'
              : 'empty';
      setOutcomes((previous) => new Map(previous).set(question.id, outcome));
    },
  });

  const isPending = chat.status === 'submitted' || chat.status === 'streaming';
  const isLocked = [...outcomes.values()].includes('answered');
  const canSend = !isPending && !isLocked;

  /** Sends what was typed (trimmed); false when it cannot be sent now. */
  function send(typed: string): boolean {
    const text = typed.trim();
    if (!text || !canSend) return false;
    const prompt =
      chat.messages.length === 0
        ? firstPrompt(text, brand, (values) => t('companyRequest.prompt', values), t('companyRequest.noCnpj'))
        : text;
    void chat.sendMessage({ text: prompt }, { body: { prompt, lead_id: leadId } });
    return true;
  }

  return {
    messages: chat.messages,
    status: chat.status,
    outcomes,
    isPending,
    isLocked,
    canSend,
    send,
    stop: () => void chat.stop(),
  };
}
