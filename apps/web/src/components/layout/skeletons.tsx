import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * Loading stand-ins shaped like what replaces them, so nothing jumps when data arrives. Rows are the
 * height of a table row (h-12 with its padding) and the header is the table header's.
 */
export function TableSkeleton({
  rows = 5,
  columns = 5,
  className,
}: {
  rows?: number;
  columns?: number;
  className?: string;
}) {
  return (
    <div className={cn('overflow-hidden rounded-md border', className)} role="status" aria-busy="true">
      <div className="flex h-10 items-center gap-4 border-b bg-muted/40 px-3">
        {Array.from({ length: columns }, (_, column) => (
          <Skeleton key={column} className="h-4 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex h-12 items-center gap-4 border-b px-3 last:border-b-0">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className={cn('h-4 flex-1', column === 0 && 'max-w-48')} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A card's outline with a title line and a few text lines. */
export function CardSkeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div
      className={cn('flex flex-col gap-3 rounded-xl border p-6', className)}
      role="status"
      aria-busy="true"
    >
      <Skeleton className="h-5 w-1/3" />
      {Array.from({ length: lines }, (_, line) => (
        <Skeleton key={line} className={cn('h-4', line === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

/** A toolbar row (search box and buttons), the height of the real one. */
export function ToolbarSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex h-9 items-center gap-2', className)} aria-hidden>
      <Skeleton className="h-9 w-full max-w-sm" />
      <Skeleton className="ml-auto size-9" />
      <Skeleton className="h-9 w-28" />
    </div>
  );
}
