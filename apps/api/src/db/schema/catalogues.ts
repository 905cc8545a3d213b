import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, recordStatus, recordStatusCheck, updatedAt } from './columns';

// The three catalogues share one shape (docs/api.md, Catalogues); names are stored upper-cased.
const catalogueTable = <const N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull().unique(),
      label: text('label').notNull(),
      status: recordStatus(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [
      check(`${name}_status_check`, recordStatusCheck('status')),
      index(`${name}_status_idx`).on(table.status),
      index(`${name}_created_at_idx`).on(table.createdAt),
    ],
  );

export const verticals = catalogueTable('verticals');
export const quotas = catalogueTable('quotas');
export const platforms = catalogueTable('platforms');

/** Read-only reference data (Praças), seeded by a migration. */
export const franchises = pgTable('franchises', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});
