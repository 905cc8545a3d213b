import { LIVE_RESET_EVENT, type LiveEvent } from '@funil/shared';
import { createParser } from 'eventsource-parser';
import { BACKOFF_DEFAULTS, backoffDelay } from '@/lib/backoff';
import { HttpError, openEventStream, type RequestOptions } from '@/lib/http';

export type { LiveEvent };

/**
 * The live-update stream: every create, update and delete of a lead, brand or contact, by anyone,
 * as server-sent events. Read with `fetch` rather than `EventSource`, which cannot send the
 * Bearer token.
 */
export const EVENTS_PATH = '/api/events';

/** What the stream is doing, for the screen (and for browser tests waiting until it listens). */
export type LiveStreamStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export type LiveStreamHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** The resume point was too old for the server: every list must be read again. */
  onReset: () => void;
  /**
   * A connection answered. `resumed`: it asked for what followed a known event, so nothing was
   * missed; otherwise anything read before `requestedAt` may have missed changes.
   */
  onOpen?: (info: { resumed: boolean; requestedAt: number }) => void;
  /** An event that is not one (bad JSON, unknown type, missing fields): ignored, counted. */
  onMalformed?: (data: string) => void;
  onStatus?: (status: LiveStreamStatus) => void;
};

export type LiveStreamOptions = {
  /** The first retry's delay; each failed attempt doubles it. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The server writes a `: ping` at least every 30 s; a connection silent for longer is dead even
   * if the socket has not noticed (a laptop waking up, a proxy that dropped it), so it is replaced.
   */
  idleTimeoutMs?: number;
  /** Tests pass a fixed one; the jitter otherwise spreads every tab's reconnects. */
  random?: () => number;
  now?: () => number;
  /** Tests hand in a stream of their own; the app goes through lib/http (token, 401 rule). */
  open?: (path: string, options: RequestOptions) => Promise<Response>;
  /** Tests hand in a parser that arrives when they say; the app fetches ./live-event-parse. */
  loadParser?: () => Promise<(data: string) => LiveEvent | null>;
};

export type LiveStream = {
  close: () => void;
  /** The id of the last event received: what the next connection resumes after. */
  lastEventId: () => string | null;
  /** Events ignored because they did not parse. */
  malformedCount: () => number;
};

const DEFAULTS = { ...BACKOFF_DEFAULTS, idleTimeoutMs: 45_000 };

// The reconnect waits; also used by the session check, which must not import the stream's code.
export { backoffDelay };

type ParseLiveEvent = (data: string) => LiveEvent | null;

let parserLoad: Promise<ParseLiveEvent> | undefined;

/**
 * The events' parser (./live-event-parse: zod and the record schemas), fetched once, when the
 * first stream connects: a screen's first paint does not wait for it. A failed fetch is forgotten,
 * so the next stream, or the next event, asks again.
 */
export function loadLiveEventParser(): Promise<ParseLiveEvent> {
  parserLoad ??= import('./live-event-parse').then(
    (module) => module.parseLiveEvent,
    (error: unknown) => {
      parserLoad = undefined;
      throw error;
    },
  );
  return parserLoad;
}

const isEventStream = (response: Response) =>
  (response.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream');

/** 4xx but for the ones worth retrying soon: asking again quickly will not change the answer. */
const isLastingRefusal = (error: unknown) =>
  error instanceof HttpError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * Opens the stream and keeps it open: when it ends or fails it comes back after a backoff, asking
 * with `Last-Event-ID` for every event after the last one seen; the backoff starts over once a
 * connection answers. A 401 stops it for good: lib/http has already ended the session.
 */
export function connectLiveEvents(handlers: LiveStreamHandlers, options: LiveStreamOptions = {}): LiveStream {
  const initialDelayMs = options.initialDelayMs ?? DEFAULTS.initialDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const open = options.open ?? openEventStream;
  const loadParser = options.loadParser ?? loadLiveEventParser;

  let closed = false;
  let lastEventId: string | null = null;
  let malformed = 0;
  let attempt = 0;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  // A handler's bug must not end the stream (and with it every later update).
  const guarded = (call: () => void) => {
    try {
      call();
    } catch (error) {
      console.error('Live update handler failed', error);
    }
  };
  const setStatus = (status: LiveStreamStatus) => guarded(() => handlers.onStatus?.(status));

  const deliver = (parse: ParseLiveEvent, event: string | undefined, data: string) => {
    if (event === LIVE_RESET_EVENT) {
      guarded(handlers.onReset);
      return;
    }
    const parsed = parse(data);
    if (parsed) {
      guarded(() => handlers.onEvent(parsed));
    } else {
      malformed += 1;
      guarded(() => handlers.onMalformed?.(data));
    }
  };

  // Until the parser has arrived, events wait in order (a reset too: it must not overtake them).
  let parse: ParseLiveEvent | null = null;
  let waiting: { event: string | undefined; data: string }[] = [];
  let loading = false;
  const requestParser = () => {
    if (loading) return;
    loading = true;
    loadParser().then(
      (loaded) => {
        loading = false;
        if (closed) return;
        parse = loaded;
        const queued = waiting;
        waiting = [];
        for (const { event, data } of queued) deliver(loaded, event, data);
      },
      (error: unknown) => {
        loading = false;
        if (closed || waiting.length === 0) return;
        // The events cannot be read: every list is read again instead, so none of them is lost.
        console.error('Live update parser failed to load', error);
        waiting = [];
        guarded(handlers.onReset);
      },
    );
  };
  const dispatch = (event: string | undefined, data: string) => {
    if (parse) {
      deliver(parse, event, data);
      return;
    }
    waiting.push({ event, data });
    // Unless it is on its way: after a failed fetch, the next event asks again.
    requestParser();
  };

  async function read(body: ReadableStream<Uint8Array>, abort: AbortController) {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => abort.abort(), idleTimeoutMs);
    };
    const parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) lastEventId = message.id;
        dispatch(message.event, message.data);
      },
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    const onAbort = () => void reader.cancel().catch(() => undefined);
    abort.signal.addEventListener('abort', onAbort);
    stillAlive();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || abort.signal.aborted) break;
        stillAlive();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(idleTimer);
      abort.signal.removeEventListener('abort', onAbort);
    }
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      retryTimer = setTimeout(resolve, ms);
    });

  async function run() {
    while (!closed) {
      const abort = new AbortController();
      controller = abort;
      const requestedAt = now();
      const resumeAfter = lastEventId;
      setStatus('connecting');
      try {
        const response = await open(EVENTS_PATH, {
          signal: abort.signal,
          headers: resumeAfter === null ? {} : { 'Last-Event-ID': resumeAfter },
        });
        if (!response.body || !isEventStream(response)) {
          void response.body?.cancel();
          throw new Error(`Not an event stream: ${response.headers.get('Content-Type') ?? 'no type'}`);
        }
        attempt = 0;
        setStatus('open');
        guarded(() => handlers.onOpen?.({ resumed: resumeAfter !== null, requestedAt }));
        await read(response.body, abort);
      } catch (error) {
        if (closed) return;
        if (error instanceof HttpError && error.status === 401) {
          closed = true;
          setStatus('stopped');
          return;
        }
        // Waiting the longest from the start: the answer will not change in a second.
        if (isLastingRefusal(error))
          attempt = Math.max(attempt, Math.ceil(Math.log2(maxDelayMs / initialDelayMs)));
      }
      if (closed) return;
      setStatus('waiting');
      await sleep(backoffDelay(attempt, random, { initialDelayMs, maxDelayMs }));
      attempt += 1;
    }
  }

  // Fetched beside the connection, so it is there by the first event.
  requestParser();
  void run();

  return {
    close: () => {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      wake?.();
      controller?.abort();
      setStatus('stopped');
    },
    lastEventId: () => lastEventId,
    malformedCount: () => malformed,
  };
}
