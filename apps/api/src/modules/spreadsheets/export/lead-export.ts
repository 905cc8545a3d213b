import type { ContractStatus, LeadExportQuery } from '@funil/shared';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  brands,
  franchises,
  leadFranchises,
  leads,
  platforms,
  quotas,
  users,
  verticals,
} from '../../../db/schema';
import { leadFilter, leadFilterCondition } from '../../leads/lead-filters';
import { resolveLeadOrder } from '../../leads/lead-order';
import { leadSortKey, orderTerms } from '../../leads/lead-select';
import { maskCnpj } from './cells';
import {
  epochMs,
  type ExportColumn,
  type ExportLabels,
  type ExportSheet,
  moneyText,
  orEmpty,
  yesNo,
} from './export-sheet';

/**
 * GET /api/leads/export: every lead the list's filters match, in the list's order (the same
 * filter and order code as GET /api/leads), joined to the names the spreadsheet shows: the brand,
 * catalogue items by label, the executive, franchise names in the list's order.
 */
export function leadExportSheet(db: Database, query: LeadExportQuery, labels: ExportLabels): ExportSheet {
  const filter = leadFilter(query);
  const order = resolveLeadOrder(query);
  const { sortKey, rank } = leadSortKey(db, order.field);
  const selected = db
    .select({
      brandName: brands.name,
      brandCnpj: brands.cnpj,
      assessment: leads.assessment,
      vertical: verticals.label,
      quota: quotas.label,
      platform: platforms.label,
      prospectusYear: leads.prospectusYear,
      contractStatus: leads.contractStatus,
      executive: users.name,
      franchises: sql<string | null>`(select string_agg(${franchises.name}, ', '
        order by f_unaccent_lower(${franchises.name}), ${franchises.name})
        from ${leadFranchises} join ${franchises} on ${franchises.id} = ${leadFranchises.franchiseId}
        where ${leadFranchises.leadId} = ${leads.id})`,
      credit: moneyText(leads.credit),
      invest: moneyText(leads.invest),
      exchange: leads.exchange,
      rouanetLaw: leads.rouanetLaw,
      createdAt: epochMs(leads.createdAt),
      updatedAt: epochMs(leads.updatedAt),
    })
    .from(leads)
    .innerJoin(brands, eq(brands.id, leads.brandId))
    .innerJoin(verticals, eq(verticals.id, leads.verticalId))
    .innerJoin(quotas, eq(quotas.id, leads.quotaId))
    .innerJoin(platforms, eq(platforms.id, leads.platformId))
    .leftJoin(users, eq(users.id, leads.executiveId))
    .$dynamic();
  const built = (rank ? selected.leftJoin(rank.table, rank.on) : selected)
    .where(leadFilterCondition(filter))
    .orderBy(...orderTerms(order, sortKey, leads.id))
    .toSQL();

  const text: ExportColumn = { type: 'text', width: 18 };
  const columns: ExportColumn[] = [
    { type: 'text', width: 28 }, // brand_name
    { type: 'text', width: 20, convert: (cnpj) => maskCnpj(cnpj as string) },
    text, // assessment
    text, // vertical
    text, // quota
    text, // platform
    { type: 'integer', width: 10 }, // prospectus_year
    { type: 'text', width: 16, convert: (status) => labels.contractStatus[status as ContractStatus] },
    { type: 'text', width: 22, convert: orEmpty }, // executive
    { type: 'text', width: 26, convert: orEmpty }, // franchises
    { type: 'money', width: 16 }, // credit
    { type: 'money', width: 16 }, // invest
    { type: 'text', width: 10, convert: yesNo(labels) }, // exchange
    { type: 'text', width: 12, convert: yesNo(labels) }, // rouanet_law
    { type: 'date', width: 17 }, // createdAt
    { type: 'date', width: 17 }, // updatedAt
  ];
  return {
    kind: 'leads',
    columns,
    query: { sql: built.sql, params: fillPlaceholders(built.params, filter.values) },
  };
}
