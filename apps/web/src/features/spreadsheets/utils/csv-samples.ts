import Papa from 'papaparse';
import type { ColumnMapping } from './import-mapping';

/** The first lines of a CSV: its headers and a few distinct values under each (by position). */
export type CsvSamples = { headers: string[]; samples: string[][] };

/**
 * Reads the header and the first `limit` data lines of a CSV's beginning (the separator guessed,
 * a BOM ignored). The wizard shows these as a column's examples even when no field is chosen for
 * it, which the server's preview cannot (it only holds the mapped fields' values). A cut-off last
 * line is never read: only `limit + 1` lines are parsed of a text much longer than that.
 */
export function csvSamples(text: string, limit = 3): CsvSamples {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    preview: limit + 1,
    skipEmptyLines: 'greedy',
  });
  const [headers = [], ...rows] = parsed.data;
  const samples = headers.map((_, index) => {
    const values: string[] = [];
    for (const row of rows) {
      const value = row[index]?.trim();
      if (value && !values.includes(value)) values.push(value);
    }
    return values;
  });
  return { headers: headers.map((header) => header.trim()), samples };
}

/** A CSV's examples for the column at `index` of the server's reading, matched by its header. */
export function csvColumnSamples(csv: CsvSamples | null, column: ColumnMapping, index: number): string[] {
  if (!csv) return [];
  const header = column.header.trim();
  const position = csv.headers[index] === header ? index : csv.headers.indexOf(header);
  return position === -1 ? [] : (csv.samples[position] ?? []);
}

/** How much of a file's beginning is read for examples: dozens of lines of any real spreadsheet. */
export const CSV_SAMPLE_BYTES = 64 * 1024;
