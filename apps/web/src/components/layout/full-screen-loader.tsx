import { Loader2 } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

type FullScreenLoaderProps = {
  title: string;
  description?: string;
};

/** The centred card shown while something app-wide resolves (auth check, lazy screen, callback). */
export function FullScreenLoader({ title, description }: FullScreenLoaderProps) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-background p-6">
      <Card className="w-full max-w-xs py-8" role="status" aria-live="polite">
        <CardContent className="flex flex-col items-center gap-3 text-center">
          <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
          <p className="font-medium">{title}</p>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </CardContent>
      </Card>
    </div>
  );
}
