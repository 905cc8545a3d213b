import { patchBrandCaches } from '@/features/brands/utils/brand-live';
import { patchContactCaches } from '@/features/contacts/utils/contact-live';
import { patchLeadCaches } from '@/features/leads/utils/lead-live';
import { patchBoardCaches } from '@/features/pipeline/utils/board-live';
import { patchOfferingCaches } from '@/features/prospectus/utils/offering-live';
import { patchTaskCaches } from '@/features/tasks/utils/task-live';
import { patchTimelineCaches } from '@/features/timeline/utils/timeline-live';
import type { LiveCachePatcher } from '@/lib/live-cache';

/**
 * Each feature's live cache patcher, composed here because features do not import each other.
 * Brands run before contacts: a deleted contact's brand is found in the contact lists, which the
 * contacts patcher then takes it out of.
 */
export const LIVE_CACHE_PATCHERS: readonly LiveCachePatcher[] = [
  patchBoardCaches,
  patchLeadCaches,
  patchBrandCaches,
  patchContactCaches,
  patchTimelineCaches,
  patchTaskCaches,
  patchOfferingCaches,
];
