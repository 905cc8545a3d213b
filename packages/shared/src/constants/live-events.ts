// Live-event names without zod: the stream is opened before the events' schemas are loaded.

/** The SSE event name that asks a client to reload every list (its resume point is gone). */
export const LIVE_RESET_EVENT = 'reset';
