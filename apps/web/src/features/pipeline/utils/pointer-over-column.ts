import { type CollisionDetector, CollisionPriority, CollisionType } from '@dnd-kit/abstract';

/**
 * A column's collision test: is the pointer over it? The pointer is read from the drag's shape
 * (which DragPreview moves with it, and which is what collisions are recomputed on), not from
 * `position`: dnd-kit announces a move before it updates the position, so a test reading the
 * position lags one move behind — a keyboard move would land one column short.
 */
export const pointerOverColumn: CollisionDetector = ({ droppable, dragOperation }) => {
  const { shape, position } = dragOperation;
  if (!shape || !droppable.shape) return null;
  const pointer = {
    x: position.initial.x + shape.current.center.x - shape.initial.center.x,
    y: position.initial.y + shape.current.center.y - shape.initial.center.y,
  };
  if (!droppable.shape.containsPoint(pointer)) return null;
  const { x, y } = droppable.shape.center;
  return {
    id: droppable.id,
    value: 1 / Math.max(1, Math.hypot(x - pointer.x, y - pointer.y)),
    type: CollisionType.PointerIntersection,
    priority: CollisionPriority.High,
  };
};
