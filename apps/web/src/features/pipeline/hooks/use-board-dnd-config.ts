import { configure } from '@dnd-kit/abstract';
import {
  Accessibility,
  Cursor,
  type defaultPreset,
  Feedback,
  PointerActivationConstraints,
  PointerSensor,
  PreventSelection,
} from '@dnd-kit/dom';
import type { ContractStatus, LeadSummary } from '@funil/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lead, type LeadFilters, leadKeys } from '@/api/leads';
import { ACCESSIBILITY_ID, INSTRUCTIONS_ID_PREFIX } from '../utils/board-drag-data';
import { type AnnouncementTexts, createBoardAnnouncements, type Landing } from '../utils/board-announcements';
import { type ColumnData, insertLeadIntoColumn, positionInColumn } from '../utils/board-cache';
import { ColumnKeyboardSensor } from '../utils/column-keyboard-sensor';

/** A drag starts after 8 px of pointer movement, so a click still opens the card. */
const DRAG_START_DISTANCE_PX = 8;

// Space picks a card up and drops it; Enter stays "open the details" until a card is picked up;
// Left and Right go one column over.
const sensors = [
  PointerSensor.configure({
    activationConstraints: [new PointerActivationConstraints.Distance({ value: DRAG_START_DISTANCE_PX })],
  }),
  // `configure` from abstract: the sensors' own static `configure` is bound to the base class.
  configure(ColumnKeyboardSensor, {
    keyboardCodes: {
      start: ['Space'],
      cancel: ['Escape'],
      end: ['Space', 'Enter', 'Tab'],
      up: ['ArrowUp'],
      down: ['ArrowDown'],
      left: ['ArrowLeft'],
      right: ['ArrowRight'],
    },
  }),
];

/** The board's sensors, and its screen-reader plugin speaking the current language. */
export function useBoardDndConfig(filters: LeadFilters) {
  const { t, i18n } = useTranslation('pipeline');
  const { t: tLeads } = useTranslation('leads');
  const queryClient = useQueryClient();
  const language = i18n.language;

  // Read when a drag ends, before the move patches the caches.
  const landing = useCallback(
    (lead: Lead, to: ContractStatus) => {
      const column = queryClient.getQueryData<ColumnData>(leadKeys.column(filters, to));
      const summary = queryClient.getQueryData<LeadSummary>(leadKeys.summary(filters));
      const count = (summary?.columns.find((totals) => totals.contract_status === to)?.count ?? 0) + 1;
      const moved = { ...lead, contract_status: to };
      const position = column ? positionInColumn(insertLeadIntoColumn(column, moved), lead.id) : null;
      return { position, count };
    },
    [queryClient, filters],
  );

  const plugins = useMemo(
    () =>
      createBoardPlugins(
        {
          column: (status) => tLeads(`contractStatus.${status}`),
          picked: (values) => t('dnd.picked', values),
          over: (values) => t('dnd.over', values),
          moved: (values) => t('dnd.moved', values),
          movedUnplaced: (values) => t('dnd.movedUnplaced', values),
          stayed: (values) => t('dnd.stayed', values),
          cancelled: (values) => t('dnd.cancelled', values),
          formatNumber: (value) => new Intl.NumberFormat(language).format(value),
        },
        t('dnd.instructions'),
        landing,
      ),
    [t, tLeads, language, landing],
  );

  return { sensors, plugins };
}

/**
 * dnd-kit's default plugins, with the accessibility one speaking our texts, and without the three
 * that inject a stylesheet into the page during a drag (Cursor, Feedback, PreventSelection): each
 * injection and removal, at pickup, at every change of drop target and at the drop, restyles and
 * lays out every element of the board. DragPreview stands in for the feedback (its card shows the
 * grabbing cursor under the pointer) and `blockTextSelection` keeps text from being selected.
 */
const PAGE_WIDE_STYLE_PLUGINS: readonly unknown[] = [Accessibility, Cursor, Feedback, PreventSelection];

function createBoardPlugins(texts: AnnouncementTexts, instructions: string, landing: Landing) {
  const accessibility = Accessibility.configure({
    id: ACCESSIBILITY_ID,
    idPrefix: { description: INSTRUCTIONS_ID_PREFIX },
    screenReaderInstructions: { draggable: instructions },
    announcements: createBoardAnnouncements(texts, landing),
  });
  return (defaults: typeof defaultPreset.plugins) => [
    ...defaults.filter((plugin) => !PAGE_WIDE_STYLE_PLUGINS.includes(plugin)),
    accessibility,
  ];
}
