import {
  brasilApiRecord,
  type FakeAiServer,
  startCnpjMirror,
  startOpenAiCompatibleServer,
} from '@funil/test-server';
import { type APIRequestContext, expect } from '@playwright/test';
import { useFreshInstallation } from '../support/fresh-installation';
import { createByApi, registerFirstAdmin, signInWithSession, type Session } from '../support/session';

// The assistant on the edit-opportunity screen, against a local OpenAI-compatible model and a
// local CNPJ mirror this file starts: nothing leaves the machine.
const CNPJ = '11222333000181';
let mirror: Awaited<ReturnType<typeof startCnpjMirror>> | undefined;
let model: FakeAiServer | undefined;
const { test } = useFreshInstallation({
  env: async () => {
    mirror = await startCnpjMirror();
    mirror.records.set(
      CNPJ,
      brasilApiRecord(CNPJ, { razao_social: 'CAFE SERRA AZUL COMERCIO LTDA', capital_social: 250000 }),
    );
    model = await startOpenAiCompatibleServer();
    return {
      CNPJ_LOOKUP_URL: mirror.url,
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: 'funil-e2e',
    };
  },
});
test.afterAll(async () => {
  await Promise.all([mirror?.close(), model?.close()]);
});

async function createLead(request: APIRequestContext, admin: Session): Promise<string> {
  const id = (resource: string, name: string) =>
    createByApi<{ id: string }>(request, admin, `/api/${resource}`, { name, label: name }).then(
      (item) => item.id,
    );
  const brand = await createByApi<{ id: string }>(request, admin, '/api/brands', {
    name: 'Café Serra Azul',
    company_name: 'Café Serra Azul Ltda',
    cnpj: '11.222.333/0001-81',
  });
  const lead = await createByApi<{ id: string }>(request, admin, '/api/leads', {
    brand_id: brand.id,
    assessment: 'Q1/2027',
    vertical: await id('verticals', 'ESPORTES'),
    quota: await id('quotas', 'MASTER'),
    platform: await id('platforms', 'TV ABERTA'),
    prospectus_year: 2027,
    contract_status: 'quente',
  });
  return lead.id;
}

test('ask about the brand: the Receita Federal card, the answer as it streams, then the lock', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await registerFirstAdmin(request);
  const leadId = await createLead(request, admin);
  await signInWithSession(page, admin);
  await page.goto(`/leads/editar/${leadId}`);

  // First question: the model writes two chunks and stalls; the user stops it (no lock).
  model?.respondWith({
    type: 'stall',
    text: 'Começo da resposta. Resto que nunca chega.',
    chunks: 2,
    afterChunks: 1,
  });
  await page.getByRole('button', { name: 'Assistente IA' }).click();
  const sheet = page.getByRole('dialog', { name: 'Assistente IA' });
  await expect(sheet.getByText('Sugestões')).toBeVisible();
  await sheet
    .getByRole('button', { name: 'Quais informações você tem sobre a marca Café Serra Azul?' })
    .click();

  // The fixed company-data request, with the brand and its CNPJ, is what was asked.
  await expect(
    sheet.getByText('Forneça informações sobre a empresa Café Serra Azul (CNPJ: 11.222.333/0001-81)'),
  ).toBeVisible();
  const registry = sheet.getByRole('region', { name: 'Dados cadastrais' });
  await expect(registry.getByText('CAFE SERRA AZUL COMERCIO LTDA')).toBeVisible();
  await expect(registry.getByText('Fonte: Receita Federal', { exact: false })).toBeVisible();
  await expect(sheet.getByText('Começo da resposta.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Parar' }).click();
  await expect(sheet.getByText('Resposta interrompida.')).toBeVisible();

  // The model received the registry record in its instruction, and the question.
  const asked = model?.requests.at(-1);
  const body = asked?.body as { model: string; messages: { role: string; content: string }[] };
  expect(body.model).toBe('funil-e2e');
  const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
  expect(system).toContain('REGISTRO_RECEITA_FEDERAL');
  expect(system).toContain('CAFE SERRA AZUL COMERCIO LTDA');

  // Second question, answered in full as Markdown: the chat locks.
  model?.respondWith({
    type: 'text',
    text: '## Estratégia\n\n- Patrocínio **master** no esporte',
    chunks: 4,
  });
  const box = sheet.getByLabel('Sua pergunta');
  await box.fill('Sugira uma estratégia de abordagem');
  await box.press('Enter');
  await expect(sheet.getByRole('heading', { name: 'Estratégia' })).toBeVisible();
  await expect(sheet.getByText('master')).toBeVisible();
  await expect(
    sheet.getByText('Consulta concluída. Abra novamente para fazer uma nova consulta.'),
  ).toBeVisible();
  await expect(box).toBeDisabled();

  // Closing resets: a new session starts empty with its suggestions.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Assistente IA' }).click();
  await expect(sheet.getByText('Sugestões')).toBeVisible();
  await expect(sheet.getByText('Consulta concluída.', { exact: false })).toHaveCount(0);
});
