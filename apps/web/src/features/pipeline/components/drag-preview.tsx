import { DOMRectangle } from '@dnd-kit/dom/utilities';
import { useDragDropMonitor } from '@dnd-kit/react';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Lead } from '@/api/leads';
import type { LeadDragData } from '../utils/board-drag-data';
import { LeadCardContent } from './lead-card-content';

type Preview = { lead: Lead; top: number; left: number; width: number };

/**
 * The card under the pointer while a lead is dragged (or moved column to column by keyboard).
 * It stands in for dnd-kit's DragOverlay and Feedback plugin, whose page-wide stylesheet is
 * injected at pickup and re-injected as the drop target changes: each time the browser restyles
 * and lays out the whole board (~50 ms on a full one). This preview is one fixed element placed
 * where the card was and moved with `translate`, written straight to the DOM on every move so no
 * React render runs while dragging; it also keeps the drag's shape that collisions are computed from.
 */
export function DragPreview() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const elementRef = useRef<HTMLDivElement>(null);
  const originRef = useRef<{ point: { x: number; y: number }; shape: DOMRectangle } | null>(null);

  useDragDropMonitor({
    onDragStart({ operation: { source, position } }, manager) {
      const lead = (source?.data as LeadDragData | undefined)?.lead;
      if (!lead || !source?.element) return;
      const shape = new DOMRectangle(source.element);
      originRef.current = { point: position.initial, shape };
      // The drag's shape, which Feedback used to keep: collisions and the column keyboard sensor read it.
      manager.dragOperation.shape = shape;
      setPreview({ lead, top: shape.top, left: shape.left, width: shape.width });
    },
    onDragMove({ operation: { position }, to, by }, manager) {
      const origin = originRef.current;
      if (!origin) return;
      // dragmove is announced before the position moves: where it is going is `to`, or `by` from here.
      const next = to ?? { x: position.current.x + (by?.x ?? 0), y: position.current.y + (by?.y ?? 0) };
      const offset = { x: next.x - origin.point.x, y: next.y - origin.point.y };
      elementRef.current?.style.setProperty('translate', `${offset.x}px ${offset.y}px`);
      manager.dragOperation.shape = origin.shape.translate(offset.x, offset.y);
    },
    onDragEnd() {
      originRef.current = null;
      setPreview(null);
    },
  });

  if (!preview) return null;
  return createPortal(
    <div
      ref={elementRef}
      aria-hidden
      data-drag-preview
      className="pointer-events-none fixed z-50 will-change-[translate]"
      style={{ top: preview.top, left: preview.left, width: preview.width }}
    >
      <div className="rotate-2 cursor-grabbing rounded-lg border bg-card p-3 text-card-foreground shadow-xl">
        <LeadCardContent lead={preview.lead} />
      </div>
    </div>,
    document.body,
  );
}
