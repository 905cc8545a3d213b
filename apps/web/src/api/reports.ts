import type { PipelineReport, ReportGroup } from '@funil/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import type { LeadFilters } from './leads';

export type { PipelineReport, ReportGroup };

/**
 * What the reports page asks for: a period (calendar days in `tz`, both included), a grouping, and
 * the lead list's filters the leads counted must match.
 */
export type ReportRequest = LeadFilters & { from: string; to: string; group_by: ReportGroup; tz?: string };

export const reportKeys = {
  all: ['api', 'reports'] as const,
  pipeline: (params: ReportRequest) => [...reportKeys.all, 'pipeline', params] as const,
};

export function getPipelineReport(params: ReportRequest, signal?: AbortSignal) {
  return http.get<PipelineReport>('/api/reports/pipeline', { params, signal });
}

/** A new period, grouping or filter keeps the previous figures on screen until the new ones arrive. */
export const pipelineReportQueryOptions = (params: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.pipeline(params),
    queryFn: ({ signal }) => getPipelineReport(params, signal),
    placeholderData: keepPreviousData,
  });
