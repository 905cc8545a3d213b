import type { LiveEvent } from '@funil/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Lead, leadKeys } from '@/api/leads';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import type { LiveCachePatcher } from '@/lib/live-cache';
import { apiBrand, apiLead } from '@/test/api-fixtures';
import { type UseLiveUpdatesOptions, useLiveUpdates } from './use-live-updates';

const cobalto = apiLead('Q1', { brand: apiBrand('Cobalto') });
const moved = (byId: string): LiveEvent => ({
  type: 'lead.updated',
  id: cobalto.id,
  by: { id: byId, name: 'Ana' },
  at: '2026-11-24T12:00:00.000Z',
  record: { ...cobalto, contract_status: 'quente' },
  changes: { contract_status: { from: 'frio', to: 'quente' } },
});

/** A detail-only patcher, enough to see a batch reach the caches through the hook. */
const patchDetails: LiveCachePatcher = (queryClient, events) => {
  for (const event of events) {
    if (event.type === 'lead.updated' && event.record)
      queryClient.setQueryData(leadKeys.detail(event.id), event.record);
  }
};
const PATCHERS = [patchDetails];

function Probe(props: UseLiveUpdatesOptions) {
  useLiveUpdates(props);
  return null;
}

function renderStream(events: LiveEvent[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      events.forEach((event, index) => {
        controller.enqueue(encoder.encode(`id: ${index + 1}\ndata: ${JSON.stringify(event)}\n\n`));
      });
    },
  });
  const stream = {
    open: async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(leadKeys.detail(cobalto.id), cobalto);
  render(
    <AppProvider queryClient={queryClient}>
      <Probe userId="me" patchers={PATCHERS} stream={stream} />
    </AppProvider>,
  );
  return queryClient;
}

describe('useLiveUpdates', () => {
  it('patches the caches and tells another person’s move politely, without taking the focus', async () => {
    const focused = document.body.appendChild(document.createElement('button'));
    focused.focus();
    const queryClient = renderStream([moved('ana-id')]);
    await waitFor(() =>
      expect(queryClient.getQueryData<Lead>(leadKeys.detail(cobalto.id))?.contract_status).toBe('quente'),
    );
    expect(await screen.findByText('Ana moveu Cobalto para Quente')).toBeInTheDocument();
    expect(screen.getByText('Ana moveu Cobalto para Quente').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(document.activeElement).toBe(focused);
    expect(document.documentElement.dataset.liveUpdates).toBe('open');
    focused.remove();
  });

  it('says nothing of the user’s own change, and counts a burst in one notice', async () => {
    const queryClient = renderStream([moved('me'), ...Array.from({ length: 12 }, () => moved('ana-id'))]);
    await waitFor(() =>
      expect(queryClient.getQueryData<Lead>(leadKeys.detail(cobalto.id))?.contract_status).toBe('quente'),
    );
    expect(await screen.findByText('12 alterações de outras pessoas')).toBeInTheDocument();
    expect(screen.queryByText('Ana moveu Cobalto para Quente')).not.toBeInTheDocument();
  });
});
