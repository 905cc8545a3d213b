import type { ContactExportQuery } from '@funil/shared';
import { eq, fillPlaceholders } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { brands, contacts } from '../../../db/schema';
import { contactListCondition, contactListOrder, contactListValues } from '../../contacts/contacts.service';
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
 * GET /api/contacts/export: every contact the list's filters match, in the list's order, with its
 * brand's name and CNPJ; `flag` as yes (the brand's principal contact) or no.
 */
export function contactExportSheet(
  db: Database,
  query: ContactExportQuery,
  labels: ExportLabels,
): ExportSheet {
  const values = contactListValues(query);
  const { orderBy } = contactListOrder(query);
  const built = db
    .select({
      brandName: brands.name,
      brandCnpj: brands.cnpj,
      position: contacts.position,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      phoneNumber: contacts.phoneNumber,
      flag: contacts.flag,
      status: contacts.status,
      createdAt: epochMs(contacts.createdAt),
      updatedAt: epochMs(contacts.updatedAt),
    })
    .from(contacts)
    .innerJoin(brands, eq(brands.id, contacts.brandId))
    .where(contactListCondition(query, values))
    .orderBy(...orderBy())
    .toSQL();

  const columns: ExportColumn[] = [
    { type: 'text', width: 28 }, // brand_name
    { type: 'text', width: 20, convert: (cnpj) => maskCnpj(cnpj as string) },
    { type: 'text', width: 18, convert: orEmpty }, // position
    { type: 'text', width: 18 }, // first_name
    { type: 'text', width: 18 }, // last_name
    { type: 'text', width: 28 }, // email
    { type: 'text', width: 16 }, // phone_number
    { type: 'text', width: 10, convert: (flag) => (flag === 'principal' ? labels.yes : labels.no) },
    { type: 'text', width: 10, convert: recordStatus(labels) },
    { type: 'date', width: 17 }, // createdAt
    { type: 'date', width: 17 }, // updatedAt
  ];
  return {
    kind: 'contacts',
    columns,
    query: { sql: built.sql, params: fillPlaceholders(built.params, values) },
  };
}
