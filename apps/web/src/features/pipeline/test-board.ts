import {
  CONTRACT_STATUSES,
  type ContractStatus,
  type Lead,
  type LeadBoard,
  type LeadColumnTotals,
  type Role,
} from '@funil/shared';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { apiColumnTotals, apiUser } from '@/test/api-fixtures';
import { type StubRoute, stubApi } from '@/test/api-stub';

const EMPTY_LIST = { body: { data: [], total: 0, page: 1, limit: 0 } };

/**
 * Signs in a user with `roles` (a comercial unless given) and stubs the API the pipeline page
 * reads besides `routes`: the session, the empty catalogues and two franchises.
 */
export function signedIn(routes: Record<string, StubRoute>, roles: Role[] = ['comercial']) {
  const user = apiUser({ roles });
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return stubApi({
    'GET /api/auth/me': { body: user },
    'GET /api/verticals': EMPTY_LIST,
    'GET /api/quotas': EMPTY_LIST,
    'GET /api/platforms': EMPTY_LIST,
    'GET /api/franchises': {
      body: {
        data: [
          { id: 'f1', _id: 'f1', name: 'Recife' },
          { id: 'f2', _id: 'f2', name: 'Rio de Janeiro' },
        ],
        total: 2,
        page: 1,
        limit: 2,
      },
    },
    ...routes,
  });
}

/** A column's totals and where its next page starts, when they are not its cards' own. */
export type ColumnOverrides = Partial<Omit<LeadColumnTotals, 'contract_status'>> & {
  next_cursor?: string | null;
};

/**
 * The board call's answer: each column holds the leads given for it (none unless given), counts
 * them and ends there, unless `overrides` says otherwise.
 */
export function board(
  leads: Partial<Record<ContractStatus, Lead[]>>,
  overrides: Partial<Record<ContractStatus, ColumnOverrides>> = {},
): LeadBoard {
  return {
    columns: CONTRACT_STATUSES.map((status) => {
      const { next_cursor = null, ...totals } = overrides[status] ?? {};
      const data = leads[status] ?? [];
      return { ...apiColumnTotals(status, { count: data.length, ...totals }), data, next_cursor };
    }),
  };
}

/** The columns are virtualised: give them the size a browser would, or they would show no card. */
export function sizeBoardColumns() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
}

/**
 * happy-dom lays nothing out: put the board's columns side by side, 320 px wide and 20 px apart,
 * so the keyboard sensor finds the next column to the right; a card is the top of its column.
 */
export function placeColumnsSideBySide() {
  // dnd-kit finishes running animations before it measures; happy-dom has none.
  Object.assign(document, { getAnimations: () => [] });
  vi.spyOn(Element.prototype, 'getAnimations').mockReturnValue([]);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const column = this.closest('section');
    if (!column?.parentElement) return new DOMRect(0, 0, 0, 0);
    const index = [...column.parentElement.children].indexOf(column);
    const isColumn = column === this;
    return new DOMRect(index * 340, isColumn ? 0 : 60, 320, isColumn ? 800 : 100);
  });
}

/** dnd-kit arrives after the board has painted: a drag waits until the board says its cards drag. */
export async function boardDragReady() {
  await waitFor(() => expect(document.querySelector('[data-drag-ready]')).not.toBeNull());
}
