import type { LiveEvent } from '@funil/shared';
import type { TFunction } from 'i18next';

/**
 * One change worth telling the user about, with what it names: the brand of an opportunity, a
 * brand, a contact. A delete carries no record, so its name is read from the caches when the
 * event arrives (before the batch takes the record out of them); it may be unknown.
 */
export type LiveNotice = { event: LiveEvent; name: string | undefined };

/**
 * What gets a notice: a lead moved to another status, and a lead, brand or contact created or
 * deleted. Other edits show on screen in place without a word (a field changed is not news).
 */
export function isNoticeworthy(event: LiveEvent): boolean {
  switch (event.type) {
    case 'lead.updated':
      return Boolean(event.changes?.contract_status);
    case 'lead.created':
    case 'lead.deleted':
    case 'brand.created':
    case 'brand.deleted':
    case 'contact.created':
    case 'contact.deleted':
      return true;
    default:
      return false;
  }
}

/** The name an event's own record gives it, if it carries one. */
export function recordName(event: LiveEvent): string | undefined {
  switch (event.type) {
    case 'lead.created':
    case 'lead.updated':
      return event.record?.brand_id.name;
    case 'brand.created':
    case 'brand.updated':
      return event.record?.name;
    case 'contact.created':
    case 'contact.updated':
      return event.record && `${event.record.first_name} ${event.record.last_name}`;
    default:
      return undefined;
  }
}

/** The notice's text: one change told in full, several counted. */
export function noticeText(
  t: TFunction<['live', 'leads']>,
  notices: readonly LiveNotice[],
  total = notices.length,
) {
  const first = notices[0];
  if (!first || total > 1) return t('live:summary', { count: total });
  const { event, name } = first;
  const actor = event.by?.name ?? t('live:someone');
  switch (event.type) {
    case 'lead.updated': {
      const to = event.changes?.contract_status?.to ?? event.record?.contract_status;
      if (!to) return t('live:summary', { count: 1 });
      return t('live:leadMoved', { actor, name: name ?? '', status: t(`leads:contractStatus.${to}`) });
    }
    case 'lead.created':
      return t('live:leadCreated', { actor, name: name ?? '' });
    case 'lead.deleted':
      return name ? t('live:leadDeleted', { actor, name }) : t('live:leadDeletedUnnamed', { actor });
    case 'brand.created':
      return t('live:brandCreated', { actor, name: name ?? '' });
    case 'brand.deleted':
      return name ? t('live:brandDeleted', { actor, name }) : t('live:brandDeletedUnnamed', { actor });
    case 'contact.created':
      return t('live:contactCreated', { actor, name: name ?? '' });
    case 'contact.deleted':
      return name ? t('live:contactDeleted', { actor, name }) : t('live:contactDeletedUnnamed', { actor });
    default:
      return t('live:summary', { count: 1 });
  }
}

export type NoticeCoalescer = {
  add: (notice: LiveNotice) => void;
  dispose: () => void;
};

/**
 * Gathers the notices of a window (a second from the first one) into one: a single change is told
 * in full, a burst is counted ("12 alterações de outras pessoas"), so a busy team never makes a
 * storm of toasts. Only the first notice and the count are kept, however long the burst.
 */
export function createNoticeCoalescer(
  show: (first: LiveNotice, count: number) => void,
  windowMs = 1000,
): NoticeCoalescer {
  let first: LiveNotice | undefined;
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const shown = first;
    const shownCount = count;
    first = undefined;
    count = 0;
    if (shown) show(shown, shownCount);
  };

  return {
    add: (notice) => {
      first ??= notice;
      count += 1;
      timer ??= setTimeout(flush, windowMs);
    },
    dispose: () => {
      clearTimeout(timer);
      timer = undefined;
      first = undefined;
      count = 0;
    },
  };
}
