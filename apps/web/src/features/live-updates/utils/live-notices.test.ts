import type { LiveEvent } from '@funil/shared';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { apiBrand, apiContact, apiLead } from '@/test/api-fixtures';
import { createNoticeCoalescer, isNoticeworthy, type LiveNotice, noticeText } from './live-notices';

const at = '2026-11-24T12:00:00.000Z';
const ana = { id: 'ana-id', name: 'Ana' };
const cobalto = apiLead('Q1', { brand: apiBrand('Cobalto'), contract_status: 'quente' });
const moved: LiveEvent = {
  type: 'lead.updated',
  id: cobalto.id,
  by: ana,
  at,
  record: cobalto,
  changes: { contract_status: { from: 'frio', to: 'quente' } },
};
const notice = (event: LiveEvent, name?: string): LiveNotice => ({ event, name });
const text = (lng: string, notices: LiveNotice[], total?: number) =>
  noticeText(i18n.getFixedT(lng, ['live', 'leads']), notices, total);

describe('live notices', () => {
  it('tells a move, a creation and a deletion in each language', () => {
    const createdLead: LiveEvent = { type: 'lead.created', id: cobalto.id, by: ana, at, record: cobalto };
    const deletedLead: LiveEvent = { type: 'lead.deleted', id: cobalto.id, by: ana, at };
    const brand = apiBrand('Cobalto');
    const createdBrand: LiveEvent = { type: 'brand.created', id: brand.id, by: null, at, record: brand };
    const contact = apiContact('João', { last_name: 'Silva' });
    const deletedContact: LiveEvent = { type: 'contact.deleted', id: contact.id, by: ana, at };

    expect(text('pt-BR', [notice(moved, 'Cobalto')])).toBe('Ana moveu Cobalto para Quente');
    expect(text('en', [notice(moved, 'Cobalto')])).toBe('Ana moved Cobalto to Hot');
    expect(text('es', [notice(moved, 'Cobalto')])).toBe('Ana movió Cobalto a Caliente');

    expect(text('pt-BR', [notice(createdLead, 'Cobalto')])).toBe('Ana criou a oportunidade Cobalto');
    expect(text('en', [notice(createdLead, 'Cobalto')])).toBe('Ana created the opportunity Cobalto');
    expect(text('es', [notice(createdLead, 'Cobalto')])).toBe('Ana creó la oportunidad Cobalto');

    expect(text('pt-BR', [notice(deletedLead, 'Cobalto')])).toBe('Ana excluiu a oportunidade Cobalto');
    expect(text('pt-BR', [notice(deletedLead)])).toBe('Ana excluiu uma oportunidade');
    expect(text('en', [notice(deletedLead)])).toBe('Ana deleted an opportunity');
    expect(text('es', [notice(deletedLead)])).toBe('Ana eliminó una oportunidad');

    expect(text('pt-BR', [notice(createdBrand, 'Cobalto')])).toBe('Alguém criou a marca Cobalto');
    expect(text('en', [notice(createdBrand, 'Cobalto')])).toBe('Someone created the brand Cobalto');
    expect(text('es', [notice(createdBrand, 'Cobalto')])).toBe('Alguien creó la marca Cobalto');

    expect(text('pt-BR', [notice(deletedContact, 'João Silva')])).toBe('Ana excluiu o contato João Silva');
    expect(text('en', [notice(deletedContact, 'João Silva')])).toBe('Ana deleted the contact João Silva');
    expect(text('es', [notice(deletedContact, 'João Silva')])).toBe('Ana eliminó el contacto João Silva');
  });

  it('counts a burst', () => {
    expect(text('pt-BR', [notice(moved)], 12)).toBe('12 alterações de outras pessoas');
    expect(text('en', [notice(moved)], 12)).toBe('12 changes by other people');
    expect(text('es', [notice(moved)], 12)).toBe('12 cambios de otras personas');
  });

  it('tells moves and creations and deletions, not every edit', () => {
    expect(isNoticeworthy(moved)).toBe(true);
    expect(isNoticeworthy({ ...moved, changes: undefined })).toBe(false);
    expect(isNoticeworthy({ type: 'brand.updated', id: 'b', by: ana, at })).toBe(false);
  });

  it('gathers a second’s notices into one', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    const coalescer = createNoticeCoalescer(show);
    for (let i = 0; i < 12; i += 1) {
      coalescer.add(notice(moved, `Marca ${i}`));
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(450);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(notice(moved, 'Marca 0'), 12);
    coalescer.add(notice(moved, 'Cobalto'));
    vi.advanceTimersByTime(1000);
    expect(show).toHaveBeenLastCalledWith(notice(moved, 'Cobalto'), 1);
    coalescer.dispose();
  });
});
