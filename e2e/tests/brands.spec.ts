import { brasilApiRecord, startCnpjMirror } from '@funil/test-server';
import { expect } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { registerFirstAdmin, signInWithSession } from '../support/session';
import { visibleToast } from '../support/toast';

// A brand's life, as a salesperson lives it: the company's registry data comes from a CNPJ
// mirror this file starts (nothing leaves the machine), on an installation of its own.
let mirror: Awaited<ReturnType<typeof startCnpjMirror>> | undefined;
const { test } = useFreshInstallation({
  env: async () => {
    mirror = await startCnpjMirror();
    registerCompanies(mirror);
    return { CNPJ_LOOKUP_URL: mirror.url };
  },
});

function registerCompanies(target: Awaited<ReturnType<typeof startCnpjMirror>>) {
  target.records.set(
    '12ABC34501DE35',
    brasilApiRecord('12ABC34501DE35', {
      razao_social: 'ALFA NUMERICA COMERCIO LTDA',
      cnae_fiscal: 4637102,
      cnae_fiscal_descricao: 'Comércio atacadista de café torrado, moído e solúvel',
    }),
  );
}
test.afterAll(async () => {
  await mirror?.close();
});

// An 8×6 PNG (red), as a designer's export would be, only smaller.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IWeDFTEMpAQACeY2YQMxYLIAAAAASUVORK5CYII=',
  'base64',
);

test('a brand from its CNPJ to its principal contact, keyboard and clipboard included', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await registerFirstAdmin(request);
  await signInWithSession(page, admin);

  // An invalid CNPJ is refused with its message; the alphanumeric one is accepted.
  await page.goto('/marcas/criar');
  await page.getByLabel('Nome da marca').fill('Café Alfa');
  await page.getByLabel('Razão social').fill('Alfa Ltda');
  const cnpj = page.getByLabel('CNPJ');
  await cnpj.fill('12.ABC.345/01DE-36');
  await page.getByRole('button', { name: 'Criar marca' }).click();
  await expect(page.getByText('CNPJ inválido')).toBeVisible();

  await cnpj.fill('12abc34501de35');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  await page.getByRole('button', { name: 'Buscar dados da Receita' }).click();
  const card = page.getByRole('region', { name: 'Dados da Receita Federal' });
  await expect(card.getByText('ATIVA', { exact: true })).toBeVisible();
  await expect(card.getByText('R$ 1.500.000,50')).toBeVisible();
  await expect(page.getByLabel('Razão social')).toHaveValue('ALFA NUMERICA COMERCIO LTDA');
  await expect(page.getByLabel('Área de atuação')).toHaveValue(
    'Comércio atacadista de café torrado, moído e solúvel',
  );
  expect(mirror?.requests).toEqual(['12ABC34501DE35']);

  await page.getByRole('button', { name: 'Criar marca' }).click();
  await expect(visibleToast(page, 'Marca criada com sucesso.')).toBeVisible();
  await page.waitForURL(/\/marcas\/editar\//);
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeVisible();

  // The logo, uploaded from the edit screen and shown in the list.
  await page
    .getByLabel('Imagem da marca')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(visibleToast(page, 'Imagem da marca atualizada.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Imagem da marca Café Alfa' })).toHaveAttribute(
    'src',
    /\/image\?v=/,
  );

  // Three contacts, with the keyboard only: 'Novo Contato', then Tab through the fields; Tab on
  // the phone saves.
  const contacts = page.getByRole('table', { name: /Contatos/ });
  const people = [
    ['Diretora', 'Beatriz', 'Lima', 'bia@alfa.com.br', '11987654321'],
    ['Gerente', 'Carlos', 'Mota', 'carlos@alfa.com.br', '21912345678'],
    ['Analista', 'Dora', 'Reis', 'dora@alfa.com.br', '31955554444'],
  ];
  for (const [position, first, last, email, phone] of people) {
    await page.getByRole('button', { name: 'Novo Contato' }).focus();
    await page.keyboard.press('Enter');
    for (const value of [position, first, last, email]) {
      await page.keyboard.type(value as string);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(phone as string);
    await page.keyboard.press('Tab');
    await expect(contacts.getByRole('row').filter({ hasText: email as string })).toBeVisible();
  }
  await expect(contacts.getByRole('row')).toHaveCount(4);

  // The first becomes principal at once; the second only through the confirmation dialog.
  await page.getByRole('button', { name: 'Contato principal: Beatriz Lima' }).click();
  await expect(visibleToast(page, 'Contato principal atualizado')).toBeVisible();
  await page.getByRole('button', { name: 'Contato principal: Carlos Mota' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmar alteração de contato principal' });
  await expect(dialog).toContainText('Já existe um contato principal para essa marca.');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(visibleToast(page, 'Contato principal atualizado')).toBeVisible();

  // The list's main-contact column follows.
  await page.goto('/marcas/gerenciar');
  const row = page.getByRole('row').filter({ hasText: 'Café Alfa' });
  await expect(row).toContainText('Carlos Mota');
  await expect(row.locator('img')).toHaveAttribute('src', /\/image\?v=/);

  // Copy as WhatsApp text, and read it back from the clipboard.
  await row.getByRole('link', { name: 'Editar Café Alfa' }).click();
  await page.getByRole('button', { name: 'Copiar para WhatsApp' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Café Alfa');
  expect(copied).toContain('Carlos Mota');
  expect(copied).toContain('+55 21 91234-5678');
  expect(copied).toContain('bia@alfa.com.br');
});
