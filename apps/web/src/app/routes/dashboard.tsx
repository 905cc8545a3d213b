import { PipelinePage } from '@/features/pipeline/components/pipeline-page';

/** /dashboard: the pipeline; the list view and the details dialog come from the leads feature. */
export function DashboardRoute() {
  return <PipelinePage renderList={() => null} renderDetails={() => null} />;
}
