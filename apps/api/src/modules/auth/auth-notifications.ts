import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbHandle } from '../../db/client';
import { applyAuthNotification, type SessionCache } from './session-cache';

/** The channel migration 0007's triggers announce session and user changes on. */
export const AUTH_CHANNEL = 'funil_auth';
const RECONNECT_DELAY_MS = 1_000;

/**
 * Feeds the database's `funil_auth` notifications to the session cache; returns the function that
 * stops listening. PGlite delivers them in-process. On PostgreSQL a connection of its own listens
 * (a pooled one would be handed to queries); while it is down the cache is suspended — every
 * request reads its session row — and it reconnects every second.
 */
export async function listenForAuthChanges(
  handle: DbHandle,
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const apply = (payload: string | undefined) => {
    if (payload) applyAuthNotification(cache, payload);
  };
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(AUTH_CHANNEL, apply);
    // Closing the database first ends the listening anyway.
    return () => unlisten().catch(() => {});
  }

  const options = handle.client.options;
  let current: pg.Client | null = null;
  let stopped = false;

  async function connectOnce(): Promise<boolean> {
    const client = new pg.Client(options);
    client.on('notification', (message) => apply(message.payload));
    client.on('error', (error) => log.warn({ err: error }, 'session notifications: connection error'));
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
    } catch (error) {
      log.warn({ err: error }, 'session notifications: cannot listen; sessions are read on every request');
      await client.end().catch(() => {});
      return false;
    }
    client.once('end', () => {
      current = null;
      if (!stopped) void keepListening();
    });
    current = client;
    cache.resume();
    return true;
  }

  async function keepListening(): Promise<void> {
    cache.suspend();
    while (!stopped && !(await connectOnce())) await delay(RECONNECT_DELAY_MS);
  }

  cache.suspend();
  if (!(await connectOnce())) void keepListening();
  return async () => {
    stopped = true;
    await current?.end().catch(() => {});
  };
}
