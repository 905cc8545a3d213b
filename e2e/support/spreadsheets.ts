import { expect, type Page } from '@playwright/test';

/** A CNPJ with its two check digits computed from its first 12 digits, masked. */
export function validCnpj(base12: string): string {
  const digits = base12.split('').map(Number);
  const checkDigit = (weights: number[]) => {
    const rest = weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  digits.push(checkDigit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  digits.push(checkDigit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  const d = digits.join('');
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** A CNPJ whose check digits are wrong: the import refuses its row. */
export function invalidCnpj(base12: string): string {
  const valid = validCnpj(base12);
  const last = Number(valid.at(-1));
  return `${valid.slice(0, -1)}${(last + 1) % 10}`;
}

/**
 * A brand spreadsheet as a salesperson's own list would come: `;`-separated, with a header the
 * import cannot guess ("Fantasia" is the brand's name) and a row whose CNPJ fails its check digits.
 * `seed` (three digits) keeps the CNPJs of one spec apart from another's brands.
 */
export function brandsCsv(seed = '100'): string {
  return [
    'Fantasia;Razão social;CNPJ',
    `Café Importado;Café Importado Ltda;${validCnpj(`${seed}222333001`)}`,
    `Padaria Importada;Padaria Importada Ltda;${validCnpj(`${seed}444777001`)}`,
    `Bar Sem Registro;Bar Sem Registro Ltda;${invalidCnpj(`${seed}555666001`)}`,
    '',
  ].join('\r\n');
}

export const brandsCsvFile = (name = 'marcas-do-time.csv', seed?: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(brandsCsv(seed), 'utf8'),
});

/** The wizard's file input (the drop zone's label names it "Planilha"). */
export const spreadsheetInput = (page: Page) => page.locator('input[type="file"]');

/** Chooses the brand CSV and sends it for analysis: the wizard then shows the mapping step. */
export async function analyseBrandsCsv(page: Page, name?: string, seed?: string): Promise<void> {
  await spreadsheetInput(page).setInputFiles(brandsCsvFile(name, seed));
  await page.getByRole('button', { name: 'Analisar planilha' }).click();
  await expect(page.getByRole('heading', { name: 'Confira as colunas' })).toBeFocused();
}

/** The one correction the file needs: "Fantasia" holds the brand's name. */
export async function mapFantasiaToBrandName(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Campo da coluna Fantasia' }).click();
  await page.getByRole('option', { name: 'Nome da marca' }).click();
  await expect(page.getByText('Todos os campos obrigatórios têm uma coluna.')).toBeVisible();
  await expect(page.getByText('Refazendo a análise…')).toBeHidden();
}

/** From the wizard's first step to the review of the brand CSV's rows: analysed, corrected, reviewed. */
export async function reviewBrandsCsv(page: Page, name?: string, seed?: string): Promise<void> {
  await analyseBrandsCsv(page, name, seed);
  await mapFantasiaToBrandName(page);
  await page.getByRole('button', { name: 'Revisar linhas' }).click();
}
