import fp from 'fastify-plugin';
import { BULK_POOL_LIMITS } from '../db/client';
import { AppError } from '../lib/app-error';

/** Exports and imports one user may run at once. */
export const BULK_SLOTS_PER_USER = 2;
/** How long a download may wait on a client that reads nothing, or an import on an upload that sends nothing. */
export const BULK_IDLE_LIMIT_MS = 30_000;
/** What a refused export or import tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

export type BulkSlotOptions = {
  /** Default 2. */
  perUser?: number;
  /** Default: the bulk pool's size on PostgreSQL, the same number on PGlite. */
  total?: number;
  /** Default 30 s. Tests shorten it. */
  idleMs?: number;
};

export type BulkSlots = {
  /**
   * A slot for one export or import of `userId`, or, when the user already runs `perUser` of them
   * or the process runs `total`, the 429 (with Retry-After) thrown at once: nothing ever queues
   * for a slot or for the connection behind it. The returned release is idempotent; the caller
   * runs it in every case (done, failed, client gone).
   */
  take: (userId: string) => () => void;
  /** Slots taken now. */
  inUse: () => number;
  /** How long a transfer may stand still on its peer before it is cut. */
  idleMs: number;
};

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    bulkSlots: BulkSlots;
  }
}

export function bulkSlots(limits: { perUser: number; total: number; idleMs: number }): BulkSlots {
  const byUser = new Map<string, number>();
  let taken = 0;
  const busy = () =>
    new AppError(429, 'errors:spreadsheet.busy', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
  return {
    take: (userId) => {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser || taken >= limits.total) throw busy();
      byUser.set(userId, mine + 1);
      taken += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        taken -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
    inUse: () => taken,
    idleMs: limits.idleMs,
  };
}

/**
 * `app.bulkSlots`: how many exports and imports run at once.
 *
 * The counts are per process, on purpose: what they protect is the process's own — its bulk pool
 * (on PostgreSQL each export or import holds one of its connections, and a slot is never given
 * without a connection free behind it, so the connect never waits) and its memory (an import
 * holds a parsed spreadsheet). Several processes each serve their own share; the database must
 * allow each process its two pools.
 */
export const bulkSlotsPlugin = fp<BulkSlotOptions>(
  async (app, options) => {
    const handle = app.dbHandle;
    const poolSize = handle.kind === 'postgres' ? handle.bulkClient.options.max : BULK_POOL_LIMITS.max;
    app.decorate(
      'bulkSlots',
      bulkSlots({
        perUser: options.perUser ?? BULK_SLOTS_PER_USER,
        total: Math.min(options.total ?? poolSize, poolSize),
        idleMs: options.idleMs ?? BULK_IDLE_LIMIT_MS,
      }),
    );
  },
  { name: 'funil-bulk-slots', dependencies: ['funil-db'] },
);
