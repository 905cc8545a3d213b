import { expect, type Page } from '@playwright/test';
import { spreadsheetInput, validCnpj } from './spreadsheets';

/** The CNPJ two brands of one company share in the people's file. */
export const sharedCnpj = (seed: string) => validCnpj(`${seed}111222001`);

/**
 * A brand list as people keep it: their own headers (Nome, Contato, Email, Telefone: the brand's
 * name and the contact's full name in one column), two brands of one company sharing a CNPJ, a
 * contact without an email (its brand is imported, the contact is not), a row a stray ';' shifted
 * (7 cells under 6 headers: skipped), and long names and emails. `seed` (three digits) keeps the
 * CNPJs of one run apart from another's.
 */
export function peopleBrandsCsv(seed: string): string {
  const otherCnpj = (middle: string) => validCnpj(`${seed}${middle}001`);
  return [
    'Nome;Razão social;CNPJ;Contato;Email;Telefone',
    `Café Aurora;Café Aurora Comércio de Alimentos Ltda;${sharedCnpj(seed)};Mariana Albuquerque;mariana.albuquerque@cafeaurora.com.br;(11) 98765-4321`,
    `Café Aurora Filial Centro;Café Aurora Comércio de Alimentos Ltda;${sharedCnpj(seed)};João Pedro Ramos;joao.ramos@cafeaurora.com.br;(11) 91234-5678`,
    `Padaria Estrela;Padaria Estrela Ltda;${otherCnpj('333444')};Carlos Souza;;(21) 99876-5432`,
    `Mercado Boa Vista;Mercado Boa Vista; Ltda;${otherCnpj('555666')};Rita Moura;rita@boavista.com.br;(31) 3333-4444`,
    `Distribuidora de Bebidas Nordeste Premium;Distribuidora de Bebidas Nordeste Premium Ltda;${otherCnpj('777888')};Fernanda Cristina de Oliveira Santos;fernanda.cristina.oliveira@distribuidoranordeste.com.br;(81) 98888-7777`,
    '',
  ].join('\r\n');
}

/** From the wizard's first step to the review of the people's file (its columns read as they are). */
export async function reviewPeopleBrands(page: Page, seed: string): Promise<void> {
  await spreadsheetInput(page).setInputFiles({
    name: 'clientes-da-equipe.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(peopleBrandsCsv(seed), 'utf8'),
  });
  await page.getByRole('button', { name: 'Analisar planilha' }).click();
  await expect(page.getByRole('heading', { name: 'Confira as colunas' })).toBeFocused();
  await page.getByRole('button', { name: 'Revisar linhas' }).click();
  await expect(page.getByRole('heading', { name: 'Revise as linhas' })).toBeFocused();
}
