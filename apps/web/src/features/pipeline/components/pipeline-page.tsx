import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { LeadFilters } from '@/api/leads';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStoredState } from '@/lib/use-stored-state';
import { usePipelineFilters } from '../hooks/use-pipeline-filters';
import { toLeadFilterParams } from '../utils/pipeline-filters';
import { FilterPanel } from './filter-panel';
import { PipelineForecast } from './pipeline-forecast';
import { KanbanBoard } from './kanban-board';
import { type LeadViewMode, parseLeadViewMode, ViewToggle } from './view-toggle';

type PipelinePageProps = {
  /** The list view, composed in by the route: it pages and sorts the same filtered leads. */
  renderList: (filters: LeadFilters, onOpenDetails: (leadId: string) => void) => ReactNode;
  /** The details dialog, composed in by the route; open while `leadId` is not null. */
  renderDetails: (leadId: string | null, onClose: () => void) => ReactNode;
  /** Page actions beside the view switch (export, import), composed by the route for these filters. */
  renderActions?: (filters: LeadFilters, view: LeadViewMode) => ReactNode;
};

/**
 * /dashboard: the forecast and the actions, the filters, then the Kanban or the list (the choice
 * kept in `leadViewMode`).
 */
export function PipelinePage({ renderList, renderDetails, renderActions }: PipelinePageProps) {
  const { filters, setFilters, clearFilters, activeCount } = usePipelineFilters();
  const apiFilters = useMemo(() => toLeadFilterParams(filters), [filters]);
  const [view, setView] = useStoredState(STORAGE_KEYS.leadViewMode, parseLeadViewMode);
  const [detailsLeadId, setDetailsLeadId] = useState<string | null>(null);
  const handleOpenDetails = useCallback((leadId: string) => setDetailsLeadId(leadId), []);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <PipelineForecast filters={apiFilters} view={view} />
        {renderActions?.(apiFilters, view)}
        <ViewToggle value={view} onChange={setView} />
      </div>
      <FilterPanel filters={filters} activeCount={activeCount} onChange={setFilters} onClear={clearFilters} />
      {view === 'kanban' ? (
        <KanbanBoard filters={apiFilters} onOpenDetails={handleOpenDetails} />
      ) : (
        renderList(apiFilters, handleOpenDetails)
      )}
      {renderDetails(detailsLeadId, () => setDetailsLeadId(null))}
    </div>
  );
}
