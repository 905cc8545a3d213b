import { type DragDropManager, Draggable, Droppable } from '@dnd-kit/dom';
import { DragDropProvider, useDragDropManager } from '@dnd-kit/react';
import { useLayoutEffect } from 'react';
import { useBoardDndConfig } from '../hooks/use-board-dnd-config';
import type { BoardDndProps, BoardDragBinder, ColumnDropData, LeadDragData } from '../utils/board-drag-data';
import { pointerOverColumn } from '../utils/pointer-over-column';
import { DragPreview } from './drag-preview';

const leadOf = (source: { data?: unknown } | null | undefined) =>
  (source?.data as LeadDragData | undefined)?.lead;
const statusOf = (target: { data?: unknown } | null | undefined) =>
  (target?.data as Partial<ColumnDropData> | undefined)?.status ?? null;

/**
 * The board's dnd-kit: its manager (sensors, screen-reader texts) and the drag preview, rendered
 * beside the columns rather than around them, so that its arrival re-mounts nothing. The cards
 * and columns are bound to the manager through the binder it hands the board.
 */
export function BoardDnd({ filters, onReady, onDragStart, onDragOver, onDragEnd }: BoardDndProps) {
  const { sensors, plugins } = useBoardDndConfig(filters);
  return (
    <DragDropProvider
      sensors={sensors}
      plugins={plugins}
      onDragStart={({ operation: { source } }) => {
        const lead = leadOf(source);
        if (lead) onDragStart(lead);
      }}
      onDragOver={({ operation: { target } }) => onDragOver(statusOf(target))}
      onDragEnd={({ operation: { source, target }, canceled }) =>
        onDragEnd(leadOf(source), canceled ? null : statusOf(target))
      }
    >
      <Binder onReady={onReady} />
      <DragPreview />
    </DragDropProvider>
  );
}

function Binder({ onReady }: { onReady: BoardDndProps['onReady'] }) {
  const manager = useDragDropManager();
  useLayoutEffect(() => {
    if (!manager) return;
    onReady(createBinder(manager));
    return () => onReady(null);
  }, [manager, onReady]);
  return null;
}

/** Cards and columns as dnd-kit entities, registered at once as `useDraggable` and `useDroppable` do. */
function createBinder(manager: DragDropManager): BoardDragBinder {
  return {
    draggable: ({ id, data, element, handle }) => {
      const draggable = new Draggable({ id, data, element, handle, register: false }, manager);
      draggable.register();
      return {
        setData: (next) => {
          draggable.data = next;
        },
        destroy: () => draggable.destroy(),
      };
    },
    droppable: ({ id, data, element }) => {
      const droppable = new Droppable(
        { id, data, element, collisionDetector: pointerOverColumn, register: false },
        manager,
      );
      droppable.register();
      return {
        setData: (next) => {
          droppable.data = next;
        },
        destroy: () => droppable.destroy(),
      };
    },
  };
}
