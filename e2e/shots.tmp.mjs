import { chromium } from 'playwright-core';
const base = 'http://localhost:3311';
const out = '/tmp/shots';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
async function session({ width = 1440, height = 900, theme = 'light', lang = 'pt-BR' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
  const page = await context.newPage();
  await page.goto(base + '/login');
  await page.evaluate(([theme, lang]) => { localStorage.setItem('ui-theme', theme); localStorage.setItem('i18nextLng', lang); }, [theme, lang]);
  await page.goto(base + '/login');
  await page.getByLabel(/E-?mail/i).first().fill('admin@funil.demo');
  await page.locator('input[type=password]').first().fill('Funil@2026');
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}
const which = process.argv[2] ?? 'all';
for (const [name, opts] of [['pt-light-1440', {}], ['en-dark-1440', { theme: 'dark', lang: 'en' }], ['pt-light-375', { width: 375, height: 800 }]]) {
  const { context, page } = await session(opts);
  await page.goto(base + '/marcas/gerenciar');
  await page.getByRole('table').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/brands-list-${name}.png`, fullPage: true });
  if (which === 'list') { await context.close(); continue; }
  await page.goto(base + '/marcas/criar');
  await page.getByLabel(/CNPJ/).fill('11222333000181');
  await page.getByRole('button', { name: /Receita/ }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/brand-form-${name}.png`, fullPage: true });
  await context.close();
}
await browser.close();
