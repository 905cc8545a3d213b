import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type ChatBubbleProps = {
  from: 'user' | 'assistant';
  /** Who speaks, for screen readers ("Você", "Assistente"). */
  label: string;
  tone?: 'default' | 'error' | 'muted';
  children: ReactNode;
};

/** One message: the user's on the right, the assistant's on the left. */
export function ChatBubble({ from, label, tone = 'default', children }: ChatBubbleProps) {
  return (
    <div className={cn('flex', from === 'user' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'min-w-0 rounded-lg px-3 py-2 text-sm',
          from === 'user' && 'max-w-[92%] bg-primary whitespace-pre-wrap text-primary-foreground',
          from === 'assistant' && 'w-full',
          from === 'assistant' && tone === 'default' && 'border bg-muted/40',
          tone === 'error' &&
            'border border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300',
          tone === 'muted' && 'border bg-muted/40 text-muted-foreground italic',
        )}
      >
        <span className="sr-only">{label}: </span>
        {children}
      </div>
    </div>
  );
}
