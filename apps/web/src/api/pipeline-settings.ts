import type { PipelineSettings } from '@funil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { leadKeys } from './leads';

export type { PipelineSettings };

export const pipelineSettingsKeys = {
  all: ['api', 'settings', 'pipeline'] as const,
};

const PATH = '/api/settings/pipeline';

export function getPipelineSettings(signal?: AbortSignal) {
  return http.get<PipelineSettings>(PATH, { signal });
}

export function savePipelineSettings(body: PipelineSettings) {
  return http.put<PipelineSettings>(PATH, body);
}

export const pipelineSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pipelineSettingsKeys.all,
    queryFn: ({ signal }) => getPipelineSettings(signal),
  });

/**
 * Saves the settings. The answer is the settings as now saved; every lead query is refetched,
 * since the stale marks, the stale counts and the forecast all follow the settings.
 */
export function useSavePipelineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePipelineSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(pipelineSettingsKeys.all, saved);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
