import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

type HeaderIconButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'children'> & {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  /** The icon (decorative: the label names the button). */
  children: ReactNode;
};

/** The header's icon-only buttons (theme, fullscreen, logout): ghost, named, with a tooltip. */
export function HeaderIconButton({ label, children, ...props }: HeaderIconButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} {...props}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
