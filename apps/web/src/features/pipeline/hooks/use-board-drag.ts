import type { ContractStatus } from '@funil/shared';
import {
  type ComponentType,
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Lead } from '@/api/leads';
import {
  type BoardDndProps,
  type BoardDragBinder,
  type ColumnDropData,
  columnDropId,
  type DragBinding,
  type LeadDragData,
} from '../utils/board-drag-data';

export { DRAG_INSTRUCTIONS_ID } from '../utils/board-drag-data';

/**
 * The board's drag and drop, without dnd-kit: the cards and columns say which elements drag and
 * which take a drop, and dnd-kit (the ./board-dnd chunk) is fetched once the board has painted.
 * Until it has arrived nothing drags (the card's menu still moves it); once it has, every card and
 * column on screen is bound to it without re-rendering, and the board is marked `data-drag-ready`.
 */

/** The binder once dnd-kit has loaded, null before. */
export const BoardDragContext = createContext<BoardDragBinder | null>(null);

function useBinding<Data>(
  id: string,
  data: Data,
  bind: (binder: BoardDragBinder, data: Data) => DragBinding<Data> | null,
) {
  const binder = useContext(BoardDragContext);
  const binding = useRef<DragBinding<Data> | null>(null);
  const latest = useRef({ data, bind });
  useLayoutEffect(() => {
    latest.current = { data, bind };
  });
  useLayoutEffect(() => {
    binding.current?.setData(data);
  }, [data]);
  useLayoutEffect(() => {
    if (!binder) return;
    const bound = latest.current.bind(binder, latest.current.data);
    binding.current = bound;
    return () => {
      bound?.destroy();
      binding.current = null;
    };
  }, [binder, id]);
}

/**
 * A card's drag: `ref` on the card, `handleRef` on what the pointer or keyboard picks it up by.
 * Bound in a layout effect once dnd-kit is there, as dnd-kit's own `useDraggable` binds.
 */
export function useLeadDrag(lead: Lead) {
  const ref = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const data = useMemo<LeadDragData>(() => ({ lead }), [lead]);
  useBinding(lead.id, data, (binder, current) =>
    ref.current
      ? binder.draggable({
          id: current.lead.id,
          data: current,
          element: ref.current,
          handle: handleRef.current ?? undefined,
        })
      : null,
  );
  return { ref, handleRef };
}

/** A column as a drop target: `ref` on the column. */
export function useColumnDrop(status: ContractStatus) {
  const ref = useRef<HTMLElement>(null);
  const data = useMemo<ColumnDropData>(() => ({ status }), [status]);
  useBinding(columnDropId(status), data, (binder, current) =>
    ref.current
      ? binder.droppable({ id: columnDropId(current.status), data: current, element: ref.current })
      : null,
  );
  return ref;
}

let dndModule: Promise<ComponentType<BoardDndProps>> | undefined;

/** dnd-kit and the board's use of it, fetched once; a failed fetch is asked for again next time. */
export function loadBoardDnd(): Promise<ComponentType<BoardDndProps>> {
  dndModule ??= import('../components/board-dnd').then(
    (module) => module.BoardDnd,
    (error: unknown) => {
      dndModule = undefined;
      throw error;
    },
  );
  return dndModule;
}

/**
 * Whether dnd-kit is here: it is fetched from the effect after the board's first paint, and this
 * turns true once it has arrived. A failed fetch leaves the board without drag (the card menus
 * still move cards); the next board to mount asks again.
 */
export function useBoardDndLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    loadBoardDnd().then(
      () => {
        if (live) setLoaded(true);
      },
      (error: unknown) => console.error('The board could not load drag and drop', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}
