import { ImageIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

type BrandLogoProps = {
  name: string;
  /** The picture's versioned URL, or null. */
  src: string | null;
  className?: string;
};

/**
 * A brand's picture at its 335:188 proportion, or a quiet placeholder with the brand's initials.
 * Decorative beside the brand's name (the name says which brand it is).
 */
export function BrandLogo({ name, src, className }: BrandLogoProps) {
  const box = cn('aspect-[335/188] shrink-0 overflow-hidden rounded-md border bg-muted', className);
  if (src)
    return <img src={src} alt="" loading="lazy" decoding="async" className={cn(box, 'object-cover')} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden
      className={cn(box, 'flex items-center justify-center text-xs font-semibold text-foreground/80')}
    >
      {initials || <ImageIcon className="size-4" />}
    </span>
  );
}
