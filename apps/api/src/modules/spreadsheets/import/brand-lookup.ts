import { foldForSearch, isValidCnpj, normalizeCnpj } from '@funil/shared';
import { asc, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyOfJson } from '../../../db/any-of-json';
import { brands } from '../../../db/schema';
import { cellOf, type ReadRow, type RowIssue } from './import-rows';

export type FoundBrand = { id: string; name: string; cnpj: string };

/**
 * Among brands sharing a CNPJ (one company may own several), the one a row means: the one with
 * the row's name, ignoring case and accents, else the oldest (candidates arrive oldest first).
 */
export function pickByName(
  candidates: readonly FoundBrand[],
  name: string | undefined,
): FoundBrand | undefined {
  const folded = name === undefined ? undefined : foldForSearch(name.trim());
  return (
    candidates.find((brand) => folded !== undefined && foldForSearch(brand.name) === folded) ?? candidates[0]
  );
}

/** The CNPJ of a cell (an XLSX number loses its leading zeros: they are put back). */
export function cnpjText(row: ReadRow, field: string): string {
  const cell = cellOf(row, field);
  if (cell.number !== null && Number.isInteger(cell.number)) return String(cell.number).padStart(14, '0');
  return cell.text;
}

/**
 * The brands the rows of a lead or contact file name (`brand_cnpj`, preferred, or `brand_name`),
 * read in one query, and each row's brand or the issue that says why there is none.
 */
export async function resolveRowBrands(
  db: Database,
  rows: readonly ReadRow[],
): Promise<Map<ReadRow, { brand: FoundBrand } | { issue: RowIssue }>> {
  const cnpjs = new Set<string>();
  const names = new Set<string>();
  for (const row of rows) {
    const cnpj = cnpjText(row, 'brand_cnpj');
    if (cnpj && isValidCnpj(cnpj)) cnpjs.add(normalizeCnpj(cnpj));
    else if (!cnpj && cellOf(row, 'brand_name').text)
      names.add(foldForSearch(cellOf(row, 'brand_name').text));
  }
  const found =
    cnpjs.size + names.size === 0
      ? []
      : await db
          .select({ id: brands.id, name: brands.name, cnpj: brands.cnpj, nameSearch: brands.nameSearch })
          .from(brands)
          .where(
            or(
              isAnyOfJson(brands.cnpj, sql`${JSON.stringify([...cnpjs])}`),
              isAnyOfJson(brands.nameSearch, sql`${JSON.stringify([...names])}`),
            ),
          )
          .orderBy(asc(brands.createdAt), asc(brands.id));
  const byCnpj = new Map<string, FoundBrand[]>();
  const byName = new Map<string, FoundBrand[]>();
  for (const brand of found) {
    byCnpj.set(brand.cnpj, [...(byCnpj.get(brand.cnpj) ?? []), brand]);
    if (brand.nameSearch !== null)
      byName.set(brand.nameSearch, [...(byName.get(brand.nameSearch) ?? []), brand]);
  }

  const answer = new Map<ReadRow, { brand: FoundBrand } | { issue: RowIssue }>();
  for (const row of rows) {
    const cnpj = cnpjText(row, 'brand_cnpj');
    const name = cellOf(row, 'brand_name').text;
    if (cnpj) {
      if (!isValidCnpj(cnpj)) {
        answer.set(row, { issue: { field: 'brand_cnpj', key: 'validation:brand.cnpj_invalid' } });
        continue;
      }
      const brand = pickByName(byCnpj.get(normalizeCnpj(cnpj)) ?? [], name || undefined);
      answer.set(row, brand ? { brand } : { issue: { field: 'brand_cnpj', key: 'errors:not_found.brand' } });
    } else if (name) {
      const candidates = byName.get(foldForSearch(name)) ?? [];
      const [brand] = candidates;
      answer.set(
        row,
        candidates.length > 1
          ? { issue: { field: 'brand_name', key: 'validation:spreadsheet.brand_ambiguous' } }
          : brand
            ? { brand }
            : { issue: { field: 'brand_name', key: 'errors:not_found.brand' } },
      );
    } else {
      answer.set(row, { issue: { field: 'brand_name', key: 'validation:spreadsheet.brand_missing' } });
    }
  }
  return answer;
}
