import type { CollisionDetector } from '@dnd-kit/abstract';
import { describe, expect, it } from 'vitest';
import { pointerOverColumn } from './pointer-over-column';

type Input = Parameters<CollisionDetector>[0];

/** A rectangle as dnd-kit's shapes answer for it: its centre and whether it holds a point. */
const box = (left: number, top: number, width: number, height: number) => ({
  center: { x: left + width / 2, y: top + height / 2 },
  containsPoint: ({ x, y }: { x: number; y: number }) =>
    x >= left && x <= left + width && y >= top && y <= top + height,
});

/** A drag grabbed at (110, 40) on a card at (0, 0, 300×150), whose shape has moved by (dx, dy). */
const dragMovedBy = (dx: number, dy: number, staleAt = { x: 110, y: 40 }) => ({
  shape: { initial: box(0, 0, 300, 150), current: box(dx, dy, 300, 150) },
  position: { initial: { x: 110, y: 40 }, current: staleAt },
});

const collide = (column: ReturnType<typeof box>, drag: ReturnType<typeof dragMovedBy>) =>
  pointerOverColumn({ droppable: { id: 'column', shape: column }, dragOperation: drag } as unknown as Input);

describe('pointerOverColumn', () => {
  const quente = box(700, 0, 320, 800);

  it('is over the column under the pointer the shape has carried, even before the position catches up', () => {
    // The shape moved 700 px right: the pointer is at (810, 40), inside Quente; the position still says (110, 40).
    expect(collide(quente, dragMovedBy(700, 0))).toMatchObject({ id: 'column' });
  });

  it('is not over a column the pointer has not reached, wherever the card body overhangs', () => {
    // Moved 400 px: the card's right edge (700) touches Quente, the pointer (510) does not.
    expect(collide(quente, dragMovedBy(400, 0))).toBeNull();
  });

  it('is nothing without a drag shape', () => {
    const drag = { ...dragMovedBy(0, 0), shape: null };
    expect(
      pointerOverColumn({ droppable: { id: 'c', shape: quente }, dragOperation: drag } as unknown as Input),
    ).toBeNull();
  });
});
