import { useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pipelineSettingsQueryOptions } from '@/api/pipeline-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/http';
import { PipelineSettingsForm } from './pipeline-settings-form';

type PipelineSettingsPageProps = {
  /** Saving needs the settings.write permission; others read the values. */
  canManage: boolean;
};

/**
 * /configuracoes/funil: each status's probability (the board's forecast weighs by it) and its
 * days until a deal is stale. The shell shows the page's title and description (route handle).
 */
export function PipelineSettingsPage({ canManage }: PipelineSettingsPageProps) {
  const { t } = useTranslation(['config', 'common']);
  const query = useQuery(pipelineSettingsQueryOptions());

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      {!canManage && <p className="text-sm text-muted-foreground">{t('pipeline.readOnly')}</p>}
      <Card>
        <CardHeader className="flex flex-row items-start gap-3 px-3 sm:px-6">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Gauge className="size-5" aria-hidden />
          </div>
          <div className="grid gap-1.5">
            <CardTitle>{t('pipeline.cardTitle')}</CardTitle>
            <CardDescription>{t('pipeline.cardDescription')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          {query.data ? (
            <PipelineSettingsForm settings={query.data} canManage={canManage} />
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-3">
              <p className="font-medium">{t('pipeline.loadError')}</p>
              <p className="text-sm text-muted-foreground">
                {getErrorMessage(query.error, t('pipeline.loadError'))}
              </p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </div>
          ) : (
            <div className="grid gap-2" aria-busy="true">
              {Array.from({ length: 8 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
