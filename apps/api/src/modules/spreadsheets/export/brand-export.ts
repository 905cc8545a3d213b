import type { BrandExportQuery } from '@funil/shared';
import { fillPlaceholders } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brands } from '../../../db/schema';
import {
  brandListCondition,
  brandListFilter,
  brandListOrder,
  principal,
  principalJoin,
} from '../../brands/brands.service';
import { maskCnpj } from './cells';
import {
  epochMs,
  type ExportColumn,
  type ExportLabels,
  type ExportSheet,
  orEmpty,
  recordStatus,
} from './export-sheet';

/**
 * GET /api/brands/export: every brand the list's filters match, in the list's order, with its
 * principal contact split into its fields (empty when it has none).
 */
export function brandExportSheet(db: Database, query: BrandExportQuery, labels: ExportLabels): ExportSheet {
  const filter = brandListFilter(query);
  const { orderBy } = brandListOrder(query);
  const built = db
    .select({
      name: brands.name,
      companyName: brands.companyName,
      cnpj: brands.cnpj,
      areaOfActivity: brands.areaOfActivity,
      segmentation: brands.segmentation,
      responsible: brands.responsible,
      description: brands.description,
      status: brands.status,
      contactFirstName: principal.firstName,
      contactLastName: principal.lastName,
      contactPosition: principal.position,
      contactEmail: principal.email,
      contactPhone: principal.phoneNumber,
      createdAt: epochMs(brands.createdAt),
      updatedAt: epochMs(brands.updatedAt),
    })
    .from(brands)
    .leftJoin(principal, principalJoin)
    .where(brandListCondition(db, filter.values))
    .orderBy(...orderBy())
    .toSQL();

  const optional = (width: number): ExportColumn => ({ type: 'text', width, convert: orEmpty });
  const columns: ExportColumn[] = [
    { type: 'text', width: 28 }, // name
    { type: 'text', width: 30 }, // company_name
    { type: 'text', width: 20, convert: (cnpj) => maskCnpj(cnpj as string) },
    optional(22), // area_of_activity
    optional(20), // segmentation
    optional(22), // responsible
    optional(40), // description
    { type: 'text', width: 10, convert: recordStatus(labels) },
    optional(18), // contact_first_name
    optional(18), // contact_last_name
    optional(18), // contact_position
    optional(28), // contact_email
    optional(16), // contact_phone
    { type: 'date', width: 17 }, // createdAt
    { type: 'date', width: 17 }, // updatedAt
  ];
  return {
    kind: 'brands',
    columns,
    query: { sql: built.sql, params: fillPlaceholders(built.params, filter.values) },
  };
}
