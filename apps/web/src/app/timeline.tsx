import type { RecordRef } from '@/api/timeline';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RecordTimeline, type RecordTimelineProps } from '@/features/timeline/components/record-timeline';

/** A record's timeline for the signed-in user (features do not import each other: composed here). */
export function Timeline({
  record,
  ...props
}: { record: RecordRef } & Omit<RecordTimelineProps, 'record' | 'viewer'>) {
  const { user } = useAuth();
  return (
    <RecordTimeline record={record} viewer={user ? { id: user.id, roles: user.roles } : null} {...props} />
  );
}
