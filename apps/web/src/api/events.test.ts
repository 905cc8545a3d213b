import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/http';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { stubApi } from '@/test/api-stub';
import { apiLead } from '@/test/api-fixtures';
import { backoffDelay, connectLiveEvents, type LiveEvent, type LiveStreamHandlers } from './events';
import { parseLiveEvent } from './live-event-parse';

/** A server's answer whose body the test writes to, chunk by chunk, and ends or breaks. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const lead = apiLead('Cobalto');
const moved = {
  type: 'lead.updated',
  id: lead.id,
  by: { id: 'ana', name: 'Ana' },
  at: '2026-11-24T12:00:00.000Z',
  record: { ...lead, contract_status: 'quente' },
  changes: { contract_status: { from: 'frio', to: 'quente' } },
};
const frame = (id: number, body: object) =>
  `id: ${id}\nevent: ${(body as { type: string }).type}\ndata: ${JSON.stringify(body)}\n\n`;

function recorder() {
  const events: LiveEvent[] = [];
  const handlers = {
    onEvent: vi.fn((event: LiveEvent) => void events.push(event)),
    onReset: vi.fn(),
    onOpen: vi.fn(),
    onMalformed: vi.fn(),
    onStatus: vi.fn(),
  } satisfies LiveStreamHandlers;
  return { events, handlers };
}

describe('live event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('parses events split anywhere across chunks, pings included', async () => {
    const server = serverStream();
    const open = vi.fn(async () => server.response);
    const { events, handlers } = recorder();
    const stream = connectLiveEvents(handlers, { open, random: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    const text = `: ping\n\n${frame(1042, moved)}`;
    server.write(text.slice(0, 20));
    server.write(text.slice(20, 61));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([]);
    server.write(text.slice(61));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'lead.updated', id: lead.id, by: { name: 'Ana' } });
    expect(stream.lastEventId()).toBe('1042');
    expect(handlers.onOpen).toHaveBeenCalledWith({ resumed: false, requestedAt: expect.any(Number) });
    expect(handlers.onStatus).toHaveBeenLastCalledWith('open');
    stream.close();
  });

  it('reconnects with Last-Event-ID after the stream ends, backing off and starting over', async () => {
    const servers = [serverStream(), serverStream(), serverStream()];
    const open = vi
      .fn<(path: string, options: { headers?: Record<string, string> }) => Promise<Response>>()
      .mockResolvedValueOnce(servers[0]!.response)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(servers[1]!.response)
      .mockResolvedValueOnce(servers[2]!.response);
    const { handlers } = recorder();
    // random() = 1: each wait is its full base, so the schedule is exact.
    const stream = connectLiveEvents(handlers, { open, random: () => 1 });
    await vi.advanceTimersByTimeAsync(0);
    servers[0]!.write(frame(7, moved));
    servers[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(499);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledTimes(2); // fails
    await vi.advanceTimersByTimeAsync(999);
    expect(open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledTimes(3); // fails again
    await vi.advanceTimersByTimeAsync(2000);
    expect(open).toHaveBeenCalledTimes(4); // answers: the backoff starts over
    for (const call of open.mock.calls.slice(1)) {
      expect(call[1].headers).toEqual({ 'Last-Event-ID': '7' });
    }
    expect(handlers.onOpen).toHaveBeenLastCalledWith({ resumed: true, requestedAt: expect.any(Number) });

    servers[1]!.fail();
    await vi.advanceTimersByTimeAsync(500);
    expect(open).toHaveBeenCalledTimes(5);
    stream.close();
    expect(handlers.onStatus).toHaveBeenLastCalledWith('stopped');
  });

  it('caps the backoff at 10 s and spreads it with jitter', () => {
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(5, () => 1)).toBe(10_000);
    expect(backoffDelay(50, () => 0.5)).toBe(7500);
  });

  it('replaces a connection that has been silent past the ping interval', async () => {
    const first = serverStream();
    const second = serverStream();
    const open = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const { handlers } = recorder();
    const stream = connectLiveEvents(handlers, { open, random: () => 1, idleTimeoutMs: 45_000 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30_000);
    first.write(': ping\n\n');
    await vi.advanceTimersByTimeAsync(44_000);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000 + 500);
    expect(open).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('hands `reset` over, and ignores and counts what is not an event', async () => {
    const server = serverStream();
    const { events, handlers } = recorder();
    const stream = connectLiveEvents(handlers, { open: async () => server.response });
    await vi.advanceTimersByTimeAsync(0);
    server.write('id: 9\nevent: reset\ndata: {}\n\n');
    server.write('id: 10\nevent: lead.updated\ndata: {not json\n\n');
    server.write(
      `id: 11\nevent: lead.updated\ndata: ${JSON.stringify({ ...moved, type: 'lead.exploded' })}\n\n`,
    );
    server.write(frame(12, { ...moved, record: { id: lead.id } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(handlers.onReset).toHaveBeenCalledTimes(1);
    expect(stream.malformedCount()).toBe(2);
    expect(handlers.onMalformed).toHaveBeenCalledTimes(2);
    // A right envelope with a record this client cannot read: the change, without the record.
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'lead.updated', id: lead.id });
    expect(events[0] && 'record' in events[0] ? events[0].record : undefined).toBeUndefined();
    expect(stream.lastEventId()).toBe('12');
    stream.close();
  });

  it('stops for good on a 401: the session is over (lib/http ends it)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'revoked');
    const api = stubApi({ 'GET /api/events': { status: 401, body: { message: 'Sessão expirada' } } });
    const unauthorized = vi.fn();
    const restore = setUnauthorizedHandler(unauthorized);
    const { handlers } = recorder();
    const stream = connectLiveEvents(handlers);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls('GET /api/events')).toHaveLength(1);
    expect(api.calls('GET /api/events')[0]!.headers.get('Authorization')).toBe('Bearer revoked');
    expect(api.calls('GET /api/events')[0]!.headers.get('Accept')).toBe('text/event-stream');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.onStatus).toHaveBeenLastCalledWith('stopped');
    stream.close();
    restore();
  });

  it('keeps the session through a 503 or a network error, and reconnects with backoff', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'valid');
    const server = serverStream();
    const answers: (() => Response | Promise<Response>)[] = [
      // The database restarting: the server answers, but cannot check the session.
      () => new Response(JSON.stringify({ message: 'Serviço indisponível' }), { status: 503 }),
      // The server itself gone for a moment.
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => server.response,
    ];
    const api = stubApi({ 'GET /api/events': () => answers.shift()!() });
    const unauthorized = vi.fn();
    const restore = setUnauthorizedHandler(unauthorized);
    const { handlers } = recorder();
    // random() = 1: each wait is its full base, so the schedule is exact.
    const stream = connectLiveEvents(handlers, { random: () => 1 });

    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls('GET /api/events')).toHaveLength(1);
    expect(handlers.onStatus).toHaveBeenLastCalledWith('waiting');
    await vi.advanceTimersByTimeAsync(500);
    expect(api.calls('GET /api/events')).toHaveLength(2);
    expect(handlers.onStatus).toHaveBeenLastCalledWith('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls('GET /api/events')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls('GET /api/events')).toHaveLength(3);
    expect(handlers.onStatus).toHaveBeenLastCalledWith('open');

    expect(unauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('valid');
    for (const call of api.calls('GET /api/events')) {
      expect(call.headers.get('Authorization')).toBe('Bearer valid');
    }
    stream.close();
    restore();
  });

  it('keeps a lasting refusal (404: no stream on this server) at the longest wait', async () => {
    const api = stubApi({});
    const { handlers } = recorder();
    const stream = connectLiveEvents(handlers, { random: () => 1 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(api.calls('GET /api/events')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls('GET /api/events')).toHaveLength(2);
    stream.close();
  });

  it('keeps the events that come before its parser has arrived, in order, and delivers them once it has', async () => {
    const server = serverStream();
    let arrive!: (parse: typeof parseLiveEvent) => void;
    const loadParser = vi.fn(() => new Promise<typeof parseLiveEvent>((resolve) => (arrive = resolve)));
    const { events, handlers } = recorder();
    const stream = connectLiveEvents(handlers, { open: async () => server.response, loadParser });
    await vi.advanceTimersByTimeAsync(0);
    server.write(frame(1, moved));
    server.write('id: 2\nevent: reset\ndata: {}\n\n');
    server.write(frame(3, { ...moved, changes: {} }));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([]);
    expect(handlers.onReset).not.toHaveBeenCalled();
    expect(loadParser).toHaveBeenCalledTimes(1);
    arrive(parseLiveEvent);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toHaveLength(2);
    // The reset came between the two events, and is heard between them.
    expect(handlers.onEvent.mock.invocationCallOrder[0]).toBeLessThan(
      handlers.onReset.mock.invocationCallOrder[0]!,
    );
    expect(handlers.onReset.mock.invocationCallOrder[0]).toBeLessThan(
      handlers.onEvent.mock.invocationCallOrder[1]!,
    );
    // Once it is there, an event is delivered as it comes.
    server.write(frame(4, moved));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toHaveLength(3);
    stream.close();
  });

  it('reads every list again when its parser cannot be fetched, and asks for it again on the next event', async () => {
    const server = serverStream();
    const loadParser = vi
      .fn<() => Promise<typeof parseLiveEvent>>()
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const { events, handlers } = recorder();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stream = connectLiveEvents(handlers, { open: async () => server.response, loadParser });
    // The fetch that starts with the connection fails before any event came: nothing to read again.
    await vi.advanceTimersByTimeAsync(0);
    expect(loadParser).toHaveBeenCalledTimes(1);
    expect(handlers.onReset).not.toHaveBeenCalled();
    server.write(frame(1, moved));
    await vi.advanceTimersByTimeAsync(0);
    expect(loadParser).toHaveBeenCalledTimes(2);
    expect(handlers.onReset).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
    loadParser.mockResolvedValue(parseLiveEvent);
    server.write(frame(2, moved));
    await vi.advanceTimersByTimeAsync(0);
    expect(loadParser).toHaveBeenCalledTimes(3);
    expect(events).toHaveLength(1);
    error.mockRestore();
    stream.close();
  });

  it('reads a body with a record as the event, and rejects what is not one', () => {
    expect(parseLiveEvent(JSON.stringify(moved))?.type).toBe('lead.updated');
    expect(parseLiveEvent(JSON.stringify({ ...moved, by: null }))?.by).toBeNull();
    expect(
      parseLiveEvent(JSON.stringify({ type: 'lead.deleted', id: lead.id, by: null, at: moved.at })),
    ).toMatchObject({ type: 'lead.deleted' });
    expect(parseLiveEvent(JSON.stringify({ ...moved, at: 'yesterday' }))).toBeNull();
    expect(parseLiveEvent('')).toBeNull();
  });
});
