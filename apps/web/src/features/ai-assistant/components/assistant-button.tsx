import { useQuery } from '@tanstack/react-query';
import { BotIcon, LoaderCircleIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiStatusQueryOptions } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { BrandContext } from '../utils/company-request';

const loadChat = () => import('./assistant-chat');
const AssistantChat = lazy(loadChat);

export type AssistantButtonProps = {
  leadId: string;
  brand: BrandContext;
};

function ChatLoading() {
  const { t } = useTranslation('assistant');
  return (
    <div
      role="status"
      className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
      {t('sheet.loading')}
    </div>
  );
}

/** Why the button is off, or nothing when the assistant is available. */
function useUnavailableReason() {
  const { t } = useTranslation('assistant');
  const status = useQuery(aiStatusQueryOptions());
  if (status.isPending) return t('trigger.checking');
  if (status.isError) return t('trigger.statusError');
  return status.data.enabled ? undefined : t('trigger.notConfigured');
}

/**
 * 'Assistente IA' on the edit-opportunity screen: opens the chat sheet when the server has an
 * assistant configured; otherwise disabled, with the reason as its tooltip and description. Each
 * opening is a new session (a new chat id), so closing resets messages, input and lock.
 */
export function AssistantButton({ leadId, brand }: AssistantButtonProps) {
  const { t } = useTranslation('assistant');
  const reason = useUnavailableReason();
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const reasonId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function handleOpenChange(next: boolean) {
    if (next) setSession((count) => count + 1);
    setOpen(next);
  }

  // aria-disabled rather than disabled: the button stays focusable, so its tooltip and
  // description say why it is off, to the mouse, the keyboard and screen readers alike.
  const button = (
    <Button
      ref={buttonRef}
      type="button"
      variant="outline"
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? reasonId : undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      onClick={() => {
        if (!reason) handleOpenChange(true);
      }}
      onPointerEnter={() => void loadChat()}
      onFocus={() => void loadChat()}
    >
      <BotIcon aria-hidden />
      {t('trigger.label')}
    </Button>
  );

  return (
    <>
      {/* One tree whether or not there is a reason, so the button is not remounted when the status arrives. */}
      <Tooltip>
        <TooltipTrigger asChild>{button}</TooltipTrigger>
        {reason && <TooltipContent>{reason}</TooltipContent>}
      </Tooltip>
      {reason && (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      )}
      <Sheet open={open} onOpenChange={handleOpenChange}>
        <SheetContent
          side="right"
          closeLabel={t('sheet.close')}
          className="w-full gap-0 sm:max-w-lg"
          // Focus stays on the sheet itself until the question box takes it (chat-composer.tsx),
          // rather than landing on the first suggestion.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          // No SheetTrigger (the button also carries a tooltip), so focus is given back by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            buttonRef.current?.focus();
          }}
        >
          <SheetHeader className="border-b pr-12">
            <SheetTitle className="flex items-center gap-2">
              <BotIcon className="size-5 text-primary" aria-hidden />
              {t('sheet.title')}
            </SheetTitle>
            <SheetDescription>{t('sheet.description', { brand: brand.name })}</SheetDescription>
          </SheetHeader>
          <Suspense fallback={<ChatLoading />}>
            <AssistantChat
              key={session}
              sessionId={`assistant-${leadId}-${session}`}
              leadId={leadId}
              brand={brand}
            />
          </Suspense>
        </SheetContent>
      </Sheet>
    </>
  );
}
