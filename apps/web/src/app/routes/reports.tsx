import { ReportsPage } from '@/features/reports/components/reports-page';

/** The pipeline report, for every signed-in user; its charts' code is downloaded with this route only. */
export function ReportsRoute() {
  return <ReportsPage />;
}
