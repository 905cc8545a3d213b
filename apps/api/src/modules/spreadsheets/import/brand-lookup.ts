import { foldForSearch, isValidCnpj, normalizeCnpj } from '@funil/shared';
import { asc, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isAnyOfJson } from '../../../db/any-of-json';
import { brands } from '../../../db/schema';
import { cellOf, type ReadRow, type RowIssue } from './import-rows';

export type FoundBrand = { id: string; name: string; cnpj: string };

/** A brand's name as compared: trimmed, case and accents aside. */
export const foldedName = (name: string): string => foldForSearch(name.trim());

/**
 * Who a brand is: its CNPJ and its name (case and accents aside). One company (one CNPJ) may own
 * several brands, so the CNPJ alone names a company, not a brand.
 */
export const brandIdentity = (cnpj: string, name: string): string => `${cnpj}|${foldedName(name)}`;

/** The CNPJ of a cell (an XLSX number loses its leading zeros: they are put back). */
export function cnpjText(row: ReadRow, field: string): string {
  const cell = cellOf(row, field);
  if (cell.number !== null && Number.isInteger(cell.number)) return String(cell.number).padStart(14, '0');
  return cell.text;
}

type RowBrand = { brand: FoundBrand } | { issue: RowIssue };

/** The one brand among `candidates`, or the issue `ambiguous` when there are several. */
const onlyOne = (candidates: readonly FoundBrand[], ambiguous: RowIssue, notFound: RowIssue): RowBrand =>
  candidates.length > 1
    ? { issue: ambiguous }
    : candidates[0]
      ? { brand: candidates[0] }
      : { issue: notFound };

/**
 * The brands the rows of a lead or contact file name, read in one query, and each row's brand or
 * the issue that says why there is none. A row with a CNPJ and a name means the brand with both
 * (the oldest, should two stored brands share both); with the CNPJ alone, the CNPJ's only brand,
 * and when the company has several brands the row must give the name too (never a guess); with
 * the name alone, the only brand of that name, else the row must give the CNPJ.
 */
export async function resolveRowBrands(
  db: Database,
  rows: readonly ReadRow[],
): Promise<Map<ReadRow, RowBrand>> {
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

  const notFound = (field: string): RowIssue => ({ field, key: 'errors:not_found.brand' });
  const answer = new Map<ReadRow, RowBrand>();
  for (const row of rows) {
    const cnpj = cnpjText(row, 'brand_cnpj');
    const name = cellOf(row, 'brand_name').text;
    if (cnpj) {
      if (!isValidCnpj(cnpj)) {
        answer.set(row, { issue: { field: 'brand_cnpj', key: 'validation:brand.cnpj_invalid' } });
        continue;
      }
      const ofCompany = byCnpj.get(normalizeCnpj(cnpj)) ?? [];
      if (ofCompany.length === 0) answer.set(row, { issue: notFound('brand_cnpj') });
      else if (name) {
        const named = ofCompany.find((brand) => foldedName(brand.name) === foldedName(name));
        answer.set(row, named ? { brand: named } : { issue: notFound('brand_name') });
      } else
        answer.set(
          row,
          onlyOne(
            ofCompany,
            { field: 'brand_cnpj', key: 'validation:spreadsheet.brand_cnpj_ambiguous' },
            notFound('brand_cnpj'),
          ),
        );
    } else if (name) {
      answer.set(
        row,
        onlyOne(
          byName.get(foldForSearch(name)) ?? [],
          { field: 'brand_name', key: 'validation:spreadsheet.brand_ambiguous' },
          notFound('brand_name'),
        ),
      );
    } else {
      answer.set(row, { issue: { field: 'brand_name', key: 'validation:spreadsheet.brand_missing' } });
    }
  }
  return answer;
}
