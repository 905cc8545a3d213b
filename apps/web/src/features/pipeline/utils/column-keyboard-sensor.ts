import { KeyboardSensor } from '@dnd-kit/dom';

type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * dnd-kit's keyboard sensor moves a card by a fixed number of pixels, and the board scrolls
 * sideways under it, so on a narrow screen three presses could land three columns or five columns
 * away. This one makes Left and Right mean "the previous / next column": it brings that column
 * into view and puts the card on its centre. Up and Down keep the default behaviour.
 */
export class ColumnKeyboardSensor extends KeyboardSensor {
  protected override handleMove(direction: Direction, event: KeyboardEvent): void {
    if (direction === 'up' || direction === 'down') {
      super.handleMove(direction, event);
      return;
    }
    event.preventDefault();
    const shape = this.manager.dragOperation.shape?.current;
    if (!shape) return;
    const from = shape.center.x;
    const droppables = [...this.manager.registry.droppables];
    const columns = droppables
      .map((droppable) => droppable.element)
      .filter((element): element is Element => element !== undefined)
      .map((element) => ({ element, centre: centreOf(element) }))
      .sort((a, b) => a.centre - b.centre);
    const target =
      direction === 'right'
        ? columns.find((column) => column.centre > from + 1)
        : columns.findLast((column) => column.centre < from - 1);
    if (!target) return;
    target.element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    // The columns moved with the scroll: collisions must see where they are now, not where they were.
    for (const droppable of droppables) droppable.refreshShape();
    this.manager.actions.move({ event, by: { x: centreOf(target.element) - from, y: 0 } });
    // The card may not have moved on screen (the column came to it): ask again what it is over.
    this.manager.collisionObserver.forceUpdate();
  }
}

function centreOf(element: Element): number {
  const rect = element.getBoundingClientRect();
  return rect.left + rect.width / 2;
}
