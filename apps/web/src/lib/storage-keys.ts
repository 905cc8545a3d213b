/**
 * Every browser-storage key the app reads or writes, in one place so that no
 * feature spells a key by hand. Never rename a value: users' stored preferences survive upgrades
 * only while these strings stay the same.
 */
export const STORAGE_KEYS = {
  /** localStorage: the Bearer access token. */
  token: 'token',
  /** localStorage: the signed-in user, as JSON. */
  user: 'user',
  /** localStorage: legacy copy of the user; only ever cleared (on logout and on 401). */
  authUser: 'auth_user',
  /** localStorage: `light` | `dark` | `system`. */
  theme: 'ui-theme',
  /** localStorage: whether the sidebar is expanded. */
  sidebarOpen: 'sidebar_open',
  /** Cookie (not Web Storage): sidebar state, 7 days. */
  sidebarStateCookie: 'sidebar_state',
  /** localStorage: the i18next language (read and written by the language detector). */
  language: 'i18nextLng',
  /** localStorage: ids of the collapsed Kanban columns. */
  kanbanCollapsedColumns: 'kanban-collapsed-columns',
  /** localStorage: `kanban` | `list` (default kanban). */
  leadViewMode: 'leadViewMode',
  leadFilterVertical: 'leadFilter_vertical',
  leadFilterQuota: 'leadFilter_quota',
  leadFilterPlatform: 'leadFilter_platform',
  leadFilterYear: 'leadFilter_year',
  leadFilterFranchises: 'leadFilter_franchises',
  leadFilterBrand: 'leadFilter_brand',
  /** localStorage: `true` (only stale deals) | `false` (only deals on track); absent: all. */
  leadFilterStale: 'leadFilter_stale',
  /** localStorage: `overdue` | `open` | `none` (the leads' open tasks); absent: all. */
  leadFilterTask: 'leadFilter_task',
  leadFiltersCollapsed: 'leadFilters_collapsed',
  /**
   * sessionStorage: a one-shot message for the login page (e.g. the session expired); it carries
   * the "session expired" notice across the hard redirect to /login.
   */
  authFlash: 'auth_flash',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Cookie lifetime of `sidebar_state`, in seconds. */
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;

/** The keys that hold the session; cleared together on logout and on any 401. */
export const SESSION_STORAGE_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.authUser] as const;

export function clearSession() {
  for (const key of SESSION_STORAGE_KEYS) localStorage.removeItem(key);
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
