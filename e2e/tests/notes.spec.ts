import { expect, type Page } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { createBrand, createCatalogue, createLead } from '../support/pipeline-data';
import { bearer, createByApi, loginByApi, registerFirstAdmin, signInWithSession } from '../support/session';

// Notes on an opportunity, as a seller writes them in the lead's timeline: a mention picked from
// the list and saved with Ctrl+Enter, a note full of markup that must stay text, and what someone
// else does meanwhile arriving by itself. An installation of its own, so the first account is the
// admin and the people are known.
const { test } = useFreshInstallation();

/** What the markup would have set, had it run. */
const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);

const BRAND = 'Café Serra Azul';

/** The lead's details, on the timeline tab. */
async function openTimeline(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Mover ${BRAND} para outra coluna` }).click();
  await page.getByRole('menuitem', { name: `Ver detalhes de ${BRAND}` }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes da Oportunidade' });
  await details.getByRole('tab', { name: 'Linha do tempo' }).click();
  await expect(details.getByText('Oportunidade criada')).toBeVisible();
  return details;
}

test("notes in the timeline: a mention picked from the list, markup shown as text, others' changes live", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await registerFirstAdmin(request);
  const beatriz = await createByApi<{ id: string }>(request, admin, '/api/users', {
    name: 'Beatriz Lima',
    email: 'beatriz@empresa.com.br',
    password: 'segredo12',
    roles: ['comercial'],
  });
  const brand = await createBrand(request, admin, BRAND, '11.222.333/0001-81');
  const lead = await createLead(request, admin, brand.id, await createCatalogue(request, admin), 'quente');
  await signInWithSession(page, admin);

  // "@bea" lists Beatriz; Enter writes her full name; Ctrl+Enter saves with her id.
  const details = await openTimeline(page);
  const box = details.getByRole('textbox', { name: 'Nova nota' });
  await box.click();
  await box.pressSequentially('Proposta enviada, @bea');
  const suggestions = details.getByRole('listbox', { name: 'Pessoas para mencionar' });
  await expect(suggestions.getByRole('option', { name: /Beatriz Lima/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box.press('Enter');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue('Proposta enviada, @Beatriz Lima ');
  await box.pressSequentially('confirma o valor?');
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/notes'),
  );
  await box.press('Control+Enter');
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toEqual({
    body: 'Proposta enviada, @Beatriz Lima confirma o valor?',
    mentions: [beatriz.id],
  });
  await expect(box).toHaveValue('');
  const timeline = details.getByRole('list', { name: 'Linha do tempo' });
  const note = timeline.getByRole('listitem').filter({ hasText: 'Proposta enviada' });
  await expect(note.locator('mark', { hasText: '@Beatriz Lima' })).toBeVisible();
  await expect(note.getByText('Ana Souza')).toBeVisible();

  // Markup in a note is text: shown as typed, run never.
  const markup = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
  await box.fill(markup);
  await box.press('Control+Enter');
  await expect(timeline.getByText(markup, { exact: true })).toBeVisible();
  expect(await pwned(page)).toBeUndefined();
  await expect(details.locator('img[src="x"]')).toHaveCount(0);

  // What someone else writes meanwhile arrives by itself: a note, a task, a status move.
  await expect(page.locator('html[data-live-updates="open"]')).toBeAttached();
  const other = await loginByApi(request, { email: 'beatriz@empresa.com.br', password: 'segredo12' });
  await createByApi(request, other, `/api/leads/${lead.id}/notes`, {
    body: 'Valor confirmado pelo cliente.',
  });
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Valor confirmado' })).toContainText(
    'Beatriz Lima',
  );
  await createByApi(request, other, '/api/tasks', {
    title: 'Enviar contrato',
    due_at: '2030-01-15T17:00:00-03:00',
    lead_id: lead.id,
  });
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Tarefa criada' })).toContainText(
    'Enviar contrato',
  );
  const moved = await request.patch(`/api/leads/${lead.id}`, {
    headers: bearer(other),
    data: { contract_status: 'fechado' },
  });
  expect(moved.status()).toBe(200);
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Status alterado' })).toContainText(
    'Fechado',
  );
  // A manager's rights: Ana (admin) may delete Beatriz's note but not edit it.
  const theirs = timeline.getByRole('listitem').filter({ hasText: 'Valor confirmado' });
  await expect(theirs.getByRole('button', { name: 'Excluir' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Editar' })).toHaveCount(0);

  // Read back from the server on a fresh page, it is still text.
  await page.reload();
  const again = await openTimeline(page);
  await expect(again.getByText(markup, { exact: true })).toBeVisible();
  await expect(again.getByText('Proposta enviada, ', { exact: false })).toBeVisible();
  expect(await pwned(page)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});
