import { expect, type Locator, type Page } from '@playwright/test';

/** A column of the Kanban board, by its status label. */
export const column = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** A lead's card, by its brand, on the board or in one of its columns. */
export const card = (scope: Page | Locator, brand: string) =>
  scope.getByRole('group', { name: brand, exact: true });

/**
 * Drags a card onto a column with the mouse, once the board says its cards drag: the drag and drop
 * code is fetched after the board's first paint, and the board marks itself `data-drag-ready`.
 */
export async function dragCard(page: Page, from: Locator, to: Locator): Promise<void> {
  await expect(page.locator('[data-drag-ready]')).toBeAttached();
  await from.dragTo(to, { steps: 12 });
}
