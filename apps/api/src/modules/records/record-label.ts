import { type SQL, sql } from 'drizzle-orm';

/** An opportunity's name where a person reads it (a task list, an email): "Brand — assessment". */
export const leadLabel = (brandName: SQL, assessment: SQL): SQL =>
  sql`${brandName} || ' — ' || ${assessment}`;

/** Where the web app opens a record: an opportunity's page, or a brand's. */
export function recordLink(
  appUrl: string,
  record: { leadId: string | null; brandId: string | null },
): string {
  if (record.leadId) return `${appUrl}/leads/editar/${record.leadId}`;
  if (record.brandId) return `${appUrl}/marcas/editar/${record.brandId}`;
  return `${appUrl}/tarefas`;
}
