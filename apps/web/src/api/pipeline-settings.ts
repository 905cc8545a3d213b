import type { PipelineSettings, PipelineSettingsResponse } from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { leadKeys } from './leads';
import { offeringKeys } from './offerings';

export type { PipelineSettings, PipelineSettingsResponse };

export const pipelineSettingsKeys = {
  all: ['api', 'settings', 'pipeline'] as const,
};

const PATH = '/api/settings/pipeline';

/** Every field of every status, `holds_quota` included. */
export function getPipelineSettings(signal?: AbortSignal) {
  return http.get<PipelineSettingsResponse>(PATH, { signal });
}

export function savePipelineSettings(body: PipelineSettings) {
  return http.put<PipelineSettingsResponse>(PATH, body);
}

export const pipelineSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pipelineSettingsKeys.all,
    queryFn: ({ signal }) => getPipelineSettings(signal),
  });

/**
 * Saves the settings. The answer is the settings as now saved; every lead query is refetched,
 * since the stale marks, the stale counts and the forecast all follow the settings, and so is
 * every offerings query, since which statuses hold a quota decides what is held and sold.
 */
export function useSavePipelineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePipelineSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(pipelineSettingsKeys.all, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
      ]);
    },
  });
}
