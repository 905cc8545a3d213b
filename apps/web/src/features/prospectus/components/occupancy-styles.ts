import type { Occupancy } from '../utils/prospectus-grid';

/**
 * A cell's colours by occupancy: green while under half is taken, amber from half on, red sold
 * out, grey and dashed when inactive. A light tint with dark text in the light theme and the
 * reverse in the dark one, each pair well above 4.5:1; the cell also says its state in words.
 */
export const OCCUPANCY_CLASSES: Record<Occupancy, string> = {
  free: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  half: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  full: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  inactive:
    'border-dashed border-zinc-400 bg-zinc-100 text-zinc-700 dark:border-zinc-500 dark:bg-zinc-800 dark:text-zinc-200',
};

/** The legend's order: from free to inactive. */
export const OCCUPANCY_ORDER: readonly Occupancy[] = ['free', 'half', 'full', 'inactive'];
