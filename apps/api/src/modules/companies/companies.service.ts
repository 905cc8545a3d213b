import { type CompanyRecord, isValidCnpj, normalizeCnpj } from '@funil/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { companyRecords } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { companyRecordFrom } from './mirror-record';

/** A found record is reused for this long before the mirror is asked again. */
export const COMPANY_RECORD_TTL_DAYS = 30;
/** The mirror must answer within this, or the lookup fails (502). */
export const MIRROR_TIMEOUT_MS = 10_000;

export type CompanyLookupOptions = {
  db: Database;
  /** The mirror's base address; null when lookups are off (CNPJ_LOOKUP_URL=off). */
  mirrorUrl: string | null;
  log: FastifyBaseLogger;
  /** How long the mirror has to answer (its headers and its whole body); default 10 s. */
  timeoutMs?: number;
  /** Ends the lookup sooner (the caller's own deadline, or its client gone): answered as a 502. */
  signal?: AbortSignal;
};

const lookupFailed = (cause?: unknown) => new AppError(502, 'errors:companies.lookup_failed', { cause });

/**
 * The company registered under `cnpj` at the Receita Federal: from the cache while it is younger
 * than 30 days, else from the open-data mirror (then cached). `cnpj` as typed: with or without the
 * mask, numeric or alphanumeric, any case.
 *
 * Errors (AppError): 400 invalid CNPJ (the mirror is not asked), 404 not registered, 502 the mirror
 * failed, answered something else or took longer than 10 s (its own text is logged, never passed
 * on), 503 lookups off. Failures are not cached.
 */
export async function lookupCompany(
  options: CompanyLookupOptions,
  cnpjInput: string,
): Promise<CompanyRecord> {
  if (!isValidCnpj(cnpjInput)) throw new AppError(400, 'errors:companies.cnpj_invalid');
  if (!options.mirrorUrl) throw new AppError(503, 'errors:companies.disabled');
  const cnpj = normalizeCnpj(cnpjInput);

  const [cached] = await options.db
    .select({ record: companyRecords.record })
    .from(companyRecords)
    .where(
      and(
        eq(companyRecords.cnpj, cnpj),
        gt(companyRecords.fetchedAt, sql`now() - make_interval(days => ${COMPANY_RECORD_TTL_DAYS})`),
      ),
    )
    .limit(1);
  if (cached) return cached.record as CompanyRecord;

  const record = await askMirror(options, cnpj);
  await options.db
    .insert(companyRecords)
    .values({ cnpj, record, fetchedAt: new Date(record.consultado_em) })
    .onConflictDoUpdate({
      target: companyRecords.cnpj,
      set: { record, fetchedAt: new Date(record.consultado_em) },
    });
  return record;
}

async function askMirror(options: CompanyLookupOptions, cnpj: string): Promise<CompanyRecord> {
  const url = `${options.mirrorUrl}/${encodeURIComponent(cnpj)}`;
  let response: Response;
  let body: unknown;
  try {
    // One signal for the whole exchange: a mirror that sends its headers and then stalls in the
    // body is cut at the same deadline as one that never answers.
    const deadline = AbortSignal.timeout(options.timeoutMs ?? MIRROR_TIMEOUT_MS);
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline,
    });
    if (response.status === 404) throw new AppError(404, 'errors:companies.not_found');
    const text = await response.text();
    if (!response.ok) {
      options.log.warn(
        { mirror: url, status: response.status, body: text.slice(0, 500) },
        'CNPJ mirror failed',
      );
      throw lookupFailed();
    }
    body = JSON.parse(text);
  } catch (error) {
    if (error instanceof AppError) throw error;
    options.log.warn({ mirror: url, err: error }, 'CNPJ mirror did not answer a record');
    throw lookupFailed(error);
  }
  const record = companyRecordFrom(body, cnpj, new Date());
  if (!record) {
    options.log.warn({ mirror: url }, 'CNPJ mirror answered something that is not a record');
    throw lookupFailed();
  }
  return record;
}
