import { expect, test } from '@playwright/test';

test.describe('the app as `npm start` serves it', () => {
  test('answers /api/health on the embedded database', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', db: 'pglite' });
  });

  test('answers unknown /api routes with JSON 404', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Rota não encontrada' });
  });

  test('serves the SPA on deep links and shows the not-found page for unknown routes', async ({ page }) => {
    const response = await page.goto('/uma/rota/que/nao/existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /início|home|inicio/i })).toBeVisible();
  });
});
