import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { LeadFilters } from '@/api/leads';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStoredState } from '@/lib/use-stored-state';
import { type LeadSelection, useLeadSelection } from '../hooks/use-lead-selection';
import { usePipelineFilters } from '../hooks/use-pipeline-filters';
import { toLeadFilterParams } from '../utils/pipeline-filters';
import { BulkActionBar } from './bulk-action-bar';
import { FilterPanel } from './filter-panel';
import { PipelineForecast } from './pipeline-forecast';
import { KanbanBoard } from './kanban-board';
import { type LeadViewMode, parseLeadViewMode, ViewToggle } from './view-toggle';

type PipelinePageProps = {
  /**
   * The list view, composed in by the route: it pages and sorts the same filtered leads, and
   * checks its rows in the page's selection.
   */
  renderList: (
    filters: LeadFilters,
    onOpenDetails: (leadId: string) => void,
    selection: LeadSelection,
  ) => ReactNode;
  /** The details dialog, composed in by the route; open while `leadId` is not null. */
  renderDetails: (leadId: string | null, onClose: () => void) => ReactNode;
  /** Page actions beside the view switch (export, import), composed by the route for these filters. */
  renderActions?: (filters: LeadFilters, view: LeadViewMode) => ReactNode;
  /** Whether the user may delete leads: the bulk bar offers "Excluir" only then. */
  canDelete?: boolean;
};

/**
 * /dashboard: the forecast and the actions, the filters, then the Kanban or the list (the choice
 * kept in `leadViewMode`), and the bulk bar while leads are selected. The selection belongs to
 * one view under one set of filters: switching either starts it empty.
 */
export function PipelinePage({
  renderList,
  renderDetails,
  renderActions,
  canDelete = false,
}: PipelinePageProps) {
  const { filters, setFilters, clearFilters, activeCount } = usePipelineFilters();
  const apiFilters = useMemo(() => toLeadFilterParams(filters), [filters]);
  const [view, setView] = useStoredState(STORAGE_KEYS.leadViewMode, parseLeadViewMode);
  const [detailsLeadId, setDetailsLeadId] = useState<string | null>(null);
  const handleOpenDetails = useCallback((leadId: string) => setDetailsLeadId(leadId), []);
  const selection = useLeadSelection(`${view} ${JSON.stringify(apiFilters)}`);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <PipelineForecast filters={apiFilters} view={view} />
        {renderActions?.(apiFilters, view)}
        <ViewToggle value={view} onChange={setView} />
      </div>
      <FilterPanel filters={filters} activeCount={activeCount} onChange={setFilters} onClear={clearFilters} />
      {view === 'kanban' ? (
        <KanbanBoard
          filters={apiFilters}
          onOpenDetails={handleOpenDetails}
          selectedIds={selection.selectedIds}
          onToggleSelect={selection.toggle}
        />
      ) : (
        renderList(apiFilters, handleOpenDetails, selection)
      )}
      <BulkActionBar selection={selection} canDelete={canDelete} />
      {renderDetails(detailsLeadId, () => setDetailsLeadId(null))}
    </div>
  );
}
