import { expect } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { createBrand, createCatalogue, createLead } from '../support/pipeline-data';
import { registerFirstAdmin, signInWithSession } from '../support/session';
import { visibleToast } from '../support/toast';

// A follow-up made from a card's menu with a due time already past: the card and the sidebar say
// it is overdue, and completing it on the Tarefas page clears both. On an installation of its own.
const { test } = useFreshInstallation();

test('a task made from a card, due in the past, marks the card and the sidebar until it is completed on Tarefas', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await registerFirstAdmin(request);
  const catalogue = await createCatalogue(request, admin);
  const brand = await createBrand(request, admin, 'Café Serra Azul', '11.222.333/0001-81');
  await createLead(request, admin, brand.id, catalogue, 'frio');
  await signInWithSession(page, admin);
  await page.goto('/dashboard');

  const card = page.getByRole('region', { name: 'Frio' }).getByRole('group', { name: 'Café Serra Azul' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Tarefa atrasada')).toBeHidden();

  await card.getByRole('button', { name: 'Mover Café Serra Azul para outra coluna' }).click();
  await page.getByRole('menuitem', { name: 'Nova tarefa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova tarefa' });
  await expect(dialog.getByText('Café Serra Azul')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Título' }).fill('Ligar para confirmar a proposta');
  // Two hours ago in the browser's own time zone, as its date-and-time field takes it.
  const pastDue = await page.evaluate(() => {
    const date = new Date(Date.now() - 2 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  });
  await dialog.getByLabel('Prazo').fill(pastDue);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/tasks') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Criar' }).click();
  expect((await created).status()).toBe(201);
  await expect(visibleToast(page, 'Tarefa criada')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card and the sidebar say so, in words.
  await expect(card.getByText('Tarefa atrasada')).toBeVisible();
  const tasksLink = page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: /^Tarefas/ });
  await expect(tasksLink).toHaveAccessibleName('Tarefas 1 tarefa atrasada');

  await tasksLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Atrasadas' }).click();
  const list = page.getByRole('list', { name: 'Tarefas: Atrasadas' });
  const row = list.getByRole('group', { name: 'Ligar para confirmar a proposta' });
  await expect(row.getByText(/Atrasada/)).toBeVisible();
  await expect(row.getByRole('link', { name: /Café Serra Azul/ })).toBeVisible();

  const completed = page.waitForResponse((response) => response.request().method() === 'PATCH');
  await row.getByRole('checkbox', { name: 'Concluir “Ligar para confirmar a proposta”' }).click();
  expect((await completed).status()).toBe(200);
  await expect(visibleToast(page, 'Tarefa concluída')).toBeVisible();
  await expect(page.getByText('Nenhuma tarefa atrasada.')).toBeVisible();
  await expect(tasksLink).toHaveAccessibleName('Tarefas');

  await page.getByRole('tab', { name: 'Concluídas' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'Reabrir “Ligar para confirmar a proposta”' }),
  ).toBeChecked();

  // Back on the board, the card has no open task left.
  await page.goto('/dashboard');
  await expect(card).toBeVisible();
  await expect(card.getByText('Tarefa atrasada')).toBeHidden();
});
