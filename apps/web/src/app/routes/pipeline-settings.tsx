import { usePermission } from '@/features/auth/hooks/use-permission';
import { PipelineSettingsPage } from '@/features/settings/components/pipeline-settings-page';

/** The settings.write permission decides whether the values can be changed or only read. */
export function PipelineSettingsRoute() {
  return <PipelineSettingsPage canManage={usePermission('settings.write')} />;
}
