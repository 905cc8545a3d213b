import { cn } from '@/lib/utils';

type LogoProps = {
  className?: string;
  /** Hide the wordmark (collapsed sidebar). */
  iconOnly?: boolean;
};

/** The Funil mark: a funnel in a rounded square, the same drawing as public/favicon.svg. */
export function Logo({ className, iconOnly = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M7 9h18l-7 8v6l-4 2v-8z" className="fill-primary-foreground" />
      </svg>
      {!iconOnly && <span className="text-lg">Funil</span>}
    </span>
  );
}
