import type { Page } from '@playwright/test';

/**
 * The toast on screen with that text. The app shows one toast at a time (components/ui/sonner.tsx); sonner
 * keeps the ones a newer toast replaced in the page, hidden, until they time out.
 */
export const visibleToast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
