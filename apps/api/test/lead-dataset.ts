import {
  CONTRACT_STATUSES,
  type ContractStatus,
  foldForSearch,
  type LeadSortField,
  PIPELINE_DEFAULTS,
} from '@funil/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { brands, franchises, leadFranchises, leads, platforms, quotas, verticals } from '../src/db/schema';
import { insertCatalogueItem } from './lead-fixtures';
import { signIn } from './sign-in';

/**
 * A deterministic set of leads written straight to the database, with what each one should answer,
 * so list, summary and board tests compute their expectations in plain code. It holds ties on
 * purpose: equal created_at, and two leads a few microseconds apart in the same millisecond.
 */
export type DatasetLead = {
  id: string;
  brandId: string;
  brandName: string;
  assessment: string;
  verticalId: string;
  verticalName: string;
  quotaId: string;
  quotaName: string;
  platformId: string;
  platformName: string;
  executiveId: string | null;
  executiveName: string | null;
  prospectusYear: number;
  contractStatus: ContractStatus;
  credit: number;
  invest: number;
  exchange: boolean;
  rouanetLaw: boolean;
  franchises: string[];
  /** Microseconds after the dataset's base time. */
  createdMicros: number;
  updatedMicros: number;
  /** Hours before the insert that the lead entered its status (never a whole number of days). */
  statusHoursAgo: number;
};

/** Whether the lead is stale under the default settings (a status's days before stale). */
export const isStaleByDefault = (lead: DatasetLead): boolean => {
  const days = PIPELINE_DEFAULTS[lead.contractStatus].stale_after_days;
  return days !== null && lead.statusHoursAgo > days * 24;
};

const BASE = '2026-01-01T00:00:00Z';
const MINUTE = 60_000_000;
const createdMicrosOf = (index: number) => {
  if (index === 11) return createdMicrosOf(10);
  if (index === 20) return 20 * MINUTE + 123;
  if (index === 21) return 20 * MINUTE + 400;
  return index * MINUTE;
};

const BRAND_NAMES = ['Alfa', 'bravo', 'Ébano', 'Delta'];
const ASSESSMENTS = ['apice', 'Beta', 'Ápice', 'gama'];
const FRANCHISE_SETS = [['Recife'], ['Curitiba', 'Recife'], [], ['São Paulo'], ['Belém']];
const YEARS = [2026, 2027, 2028];

export async function insertLeadDataset(app: App, size = 45): Promise<DatasetLead[]> {
  const executives = [
    await signIn(app, { name: 'Ana Lima' }),
    await signIn(app, { name: 'Bruno Reis' }),
    await signIn(app, { name: 'Érica Dias' }),
  ].map((signedIn) => ({ id: signedIn.user.id, name: signedIn.user.name }));
  const brandRows = await app.db
    .insert(brands)
    .values(BRAND_NAMES.map((name) => ({ name, companyName: `${name} Ltda`, cnpj: '11222333000181' })))
    .returning({ id: brands.id, name: brands.name });
  const catalogue = async (table: typeof verticals | typeof quotas | typeof platforms, names: string[]) =>
    Promise.all(names.map(async (name) => ({ id: await insertCatalogueItem(app, table, name), name })));
  const verticalRows = await catalogue(verticals, ['ESPORTE', 'MUSICA', 'CULTURA']);
  const quotaRows = await catalogue(quotas, ['OURO', 'PRATA']);
  const platformRows = await catalogue(platforms, ['DIGITAL', 'RADIO', 'TV', 'EVENTOS']);

  const at = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
  const planned = Array.from({ length: size }, (_, index) => {
    const executive = index % 4 === 3 ? null : at(executives, index);
    return {
      brand: at(brandRows, index),
      assessment: at(ASSESSMENTS, index >> 1),
      vertical: at(verticalRows, index),
      quota: at(quotaRows, index >> 2),
      platform: at(platformRows, index * 3),
      executive,
      prospectusYear: at(YEARS, index >> 1),
      contractStatus: at(CONTRACT_STATUSES, index % 5 === 4 ? 0 : index),
      credit: ((index * 37) % 11) * 1000.5,
      invest: ((index * 13) % 7) * 250.25,
      exchange: index % 3 === 0,
      rouanetLaw: index % 4 === 1,
      franchises: at(FRANCHISE_SETS, index),
      createdMicros: createdMicrosOf(index),
      updatedMicros: ((index * 17) % size) * MINUTE,
      // 12 h to 59.5 days: on both sides of every threshold (14, 21 and 30 days).
      statusHoursAgo: ((index * 7) % 60) * 24 + 12,
    };
  });
  const micros = (value: number) => sql`${BASE}::timestamptz + ${value} * interval '1 microsecond'`;
  const inserted = await app.db
    .insert(leads)
    .values(
      planned.map((lead) => ({
        brandId: lead.brand.id,
        assessment: lead.assessment,
        verticalId: lead.vertical.id,
        quotaId: lead.quota.id,
        platformId: lead.platform.id,
        executiveId: lead.executive?.id ?? null,
        prospectusYear: lead.prospectusYear,
        contractStatus: lead.contractStatus,
        credit: lead.credit,
        invest: lead.invest,
        exchange: lead.exchange,
        rouanetLaw: lead.rouanetLaw,
        createdAt: micros(lead.createdMicros),
        updatedAt: micros(lead.updatedMicros),
        statusChangedAt: sql`now() - ${lead.statusHoursAgo} * interval '1 hour'`,
      })),
    )
    .returning({ id: leads.id });
  const franchiseIds = new Map(
    (await app.db.select({ id: franchises.id, name: franchises.name }).from(franchises)).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const links = planned.flatMap((lead, index) =>
    lead.franchises.map((name) => ({
      leadId: inserted[index]?.id ?? '',
      franchiseId: franchiseIds.get(name) ?? '',
    })),
  );
  if (links.length > 0) await app.db.insert(leadFranchises).values(links);

  return planned.map((lead, index) => ({
    id: inserted[index]?.id ?? '',
    brandId: lead.brand.id,
    brandName: lead.brand.name,
    assessment: lead.assessment,
    verticalId: lead.vertical.id,
    verticalName: lead.vertical.name,
    quotaId: lead.quota.id,
    quotaName: lead.quota.name,
    platformId: lead.platform.id,
    platformName: lead.platform.name,
    executiveId: lead.executive?.id ?? null,
    executiveName: lead.executive?.name ?? null,
    prospectusYear: lead.prospectusYear,
    contractStatus: lead.contractStatus,
    credit: lead.credit,
    invest: lead.invest,
    exchange: lead.exchange,
    rouanetLaw: lead.rouanetLaw,
    franchises: lead.franchises,
    createdMicros: lead.createdMicros,
    updatedMicros: lead.updatedMicros,
    statusHoursAgo: lead.statusHoursAgo,
  }));
}

const sortValue = (lead: DatasetLead, field: LeadSortField): string | number | null => {
  switch (field) {
    case 'createdAt':
      return lead.createdMicros;
    case 'updatedAt':
      return lead.updatedMicros;
    case 'credit':
      return lead.credit;
    case 'invest':
      return lead.invest;
    case 'assessment':
      return foldForSearch(lead.assessment);
    case 'prospectus_year':
      return lead.prospectusYear;
    case 'contract_status':
      return CONTRACT_STATUSES.indexOf(lead.contractStatus);
    case 'brand':
      return foldForSearch(lead.brandName);
    case 'vertical':
      return foldForSearch(lead.verticalName);
    case 'quota':
      return foldForSearch(lead.quotaName);
    case 'platform':
      return foldForSearch(lead.platformName);
    case 'executive':
      return lead.executiveName === null ? null : foldForSearch(lead.executiveName);
  }
};

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The ids in the order the API must answer: the field, then the id, both in `direction`; null last. */
export function expectedOrder(
  items: readonly DatasetLead[],
  field: LeadSortField = 'createdAt',
  direction: 'asc' | 'desc' = 'desc',
): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items]
    .sort((a, b) => {
      const [left, right] = [sortValue(a, field), sortValue(b, field)];
      if (left === null || right === null) {
        if (left !== right) return left === null ? 1 : -1;
      } else if (left !== right) {
        return sign * compare(left, right);
      }
      return sign * compare(a.id, b.id);
    })
    .map((lead) => lead.id);
}
