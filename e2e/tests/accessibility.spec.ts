import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityFindings } from '../support/axe';
import { useFreshInstallation } from '../support/fresh-installation';
import { bearer, registerByApi, type Session, signInWithSession } from '../support/session';
import { reviewPeopleBrands } from '../support/people-brands';
import { analyseBrandsCsv } from '../support/spreadsheets';

/** The menu of the seeded lead's card in Frio (moves, details, a task). */
const openCardMenu = (page: Page) =>
  page
    .getByRole('region', { name: 'Frio' })
    .getByRole('button', { name: 'Mover Marca Acessível para outra coluna' })
    .click();

/**
 * axe over every screen, in the light and the dark theme. Its own installation, so the lists show
 * rows (status badges included) that this file made, whatever ran before.
 */
const { test, installation } = useFreshInstallation();
let admin: Session;
let leadId = '';
let brandId = '';

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: installation.baseURL });
  admin = await registerByApi(request, {
    name: 'Ana Acessivel',
    email: 'acessibilidade@empresa.com.br',
    password: 'Acesso123',
  });
  const ids: Record<string, string> = {};
  for (const catalogue of ['verticals', 'quotas', 'platforms']) {
    const created = await request.post(`/api/${catalogue}`, {
      headers: bearer(admin),
      data: { name: `contraste ${catalogue}`, label: 'item ativo' },
    });
    expect(created.status(), catalogue).toBe(201);
    ids[catalogue] = ((await created.json()) as { id: string }).id;
  }
  // A brand and leads in several columns, so the board, the list and the lead page show cards,
  // rows and every status colour.
  const brand = await request.post('/api/brands', {
    headers: bearer(admin),
    data: { name: 'Marca Acessível', company_name: 'Acessível Ltda', cnpj: '11222333000181' },
  });
  expect(brand.status()).toBe(201);
  brandId = ((await brand.json()) as { id: string }).id;
  for (const [index, contract_status] of [
    'frio',
    'morno',
    'quente',
    'fechado',
    'no_juridico',
    'assinado',
    'declinado',
    'cancelado',
  ].entries()) {
    const lead = await request.post('/api/leads', {
      headers: bearer(admin),
      data: {
        brand_id: brandId,
        assessment: `Q${index + 1}`,
        vertical: ids.verticals,
        quota: ids.quotas,
        platform: ids.platforms,
        prospectus_year: 2026,
        contract_status,
        credit: 1000 * (index + 1),
        franchises: ['Recife', 'Salvador', 'Manaus'],
      },
    });
    expect(lead.status()).toBe(201);
    leadId ||= ((await lead.json()) as { id: string }).id;
  }
  // A note that mentions someone, so the timelines show a highlighted name.
  const note = await request.post(`/api/leads/${leadId}/notes`, {
    headers: bearer(admin),
    data: {
      body: '@Ana Acessivel confirmar a proposta.\nSegunda linha.',
      mentions: [admin.user.id],
    },
  });
  expect(note.status()).toBe(201);
  // An overdue task on the lead, so the Tarefas page shows a row with its overdue mark.
  const task = await request.post('/api/tasks', {
    headers: bearer(admin),
    data: {
      title: 'Ligar para confirmar a proposta',
      due_at: new Date(Date.now() - 3_600_000).toISOString(),
      lead_id: leadId,
    },
  });
  expect(task.status()).toBe(201);
  await request.dispose();
});

/** The imported spreadsheet's CNPJs start with these digits: none is the brand made above. */
const IMPORT_SEED = '300';
/** The file the wizard's report imports, new on each run (a retry) so it has rows to write. */
let reportRuns = 0;
const nextReportSeed = () => String(320 + (reportRuns += 1));

type Screen = {
  name: string;
  /** A function when the path names a record made in beforeAll. */
  path: string | (() => string);
  signedIn: boolean;
  /** Browser storage the screen starts with (a view choice, say). */
  storage?: Record<string, string>;
  ready: (page: Page) => Promise<void>;
  /** A screen reached through several steps (a wizard's), given triple the time. */
  slow?: boolean;
};

const pageTitle = (title: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
};
/** A list is ready once its rows, with their status badge, are on screen. */
const listWithRows = (title: string, table: string) => async (page: Page) => {
  await pageTitle(title)(page);
  await expect(page.getByRole('table', { name: table }).getByText('Ativo').first()).toBeVisible();
};

const screens: Screen[] = [
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Bem-vindo de volta' })).toBeVisible();
    },
  },
  {
    name: 'register',
    path: '/register',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
    },
  },
  {
    name: 'pipeline board',
    path: '/dashboard',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Pipeline de Oportunidades')(page);
      await expect(page.getByRole('group', { name: 'Marca Acessível' }).first()).toBeVisible();
    },
  },
  {
    // A card moved to Declinado by its menu: the question why. The move is sent only when the
    // dialog closes, so the lead is still in Frio for the screens after it.
    name: 'pipeline lost reason',
    path: '/dashboard',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Pipeline de Oportunidades')(page);
      await openCardMenu(page);
      await page.getByRole('menuitem', { name: 'Declinado' }).click();
      const dialog = page.getByRole('dialog', { name: 'Por que a oportunidade foi perdida?' });
      await expect(dialog.getByRole('textbox', { name: 'Motivo' })).toBeFocused();
    },
  },
  {
    // Two cards checked: the bulk bar at the bottom, with its count and actions.
    name: 'pipeline bulk bar',
    path: '/dashboard',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Pipeline de Oportunidades')(page);
      for (const status of ['Frio', 'Morno']) {
        await page
          .getByRole('region', { name: status, exact: true })
          .getByRole('checkbox', { name: 'Selecionar Marca Acessível' })
          .click();
      }
      await expect(
        page.getByRole('region', { name: 'Ações em massa' }).getByText('2 selecionadas'),
      ).toBeVisible();
    },
  },
  {
    name: 'pipeline list',
    path: '/dashboard',
    signedIn: true,
    storage: { leadViewMode: 'list' },
    ready: async (page) => {
      await pageTitle('Pipeline de Oportunidades')(page);
      await expect(page.getByRole('table').getByText('Marca Acessível').first()).toBeVisible();
    },
  },
  {
    name: 'lead edit',
    path: () => `/leads/editar/${leadId}`,
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByLabel('Apuração')).toHaveValue('Q1');
    },
  },
  {
    // Someone else saved while this form was open: the dialog that keeps what the user typed.
    name: 'lead edit conflict',
    path: () => `/leads/editar/${leadId}`,
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByLabel('Apuração')).toHaveValue('Q1');
      await page.getByLabel('Apuração').fill('Q1 revisado');
      // A real change to a field the form sends (a save that changed nothing would not conflict).
      const current = await page.request.get(`/api/leads/${leadId}`, { headers: bearer(admin) });
      const { credit } = (await current.json()) as { credit: number };
      const meanwhile = await page.request.patch(`/api/leads/${leadId}`, {
        headers: bearer(admin),
        data: { credit: credit + 1 },
      });
      expect(meanwhile.status()).toBe(200);
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Registro alterado por outra pessoa' });
      await expect(dialog.getByText('Q1 revisado')).toBeVisible();
    },
  },
  {
    // The lead's details on the timeline tab, the mention list open under the note box.
    name: 'lead timeline',
    path: '/dashboard',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Pipeline de Oportunidades')(page);
      await openCardMenu(page);
      await page.getByRole('menuitem', { name: 'Ver detalhes de Marca Acessível' }).click();
      const details = page.getByRole('dialog', { name: 'Detalhes da Oportunidade' });
      await details.getByRole('tab', { name: 'Linha do tempo' }).click();
      await expect(details.getByText('confirmar a proposta.', { exact: false })).toBeVisible();
      await details.getByRole('textbox', { name: 'Nova nota' }).pressSequentially('@an');
      await expect(details.getByRole('option', { name: /Ana Acessivel/ })).toBeVisible();
    },
  },
  {
    name: 'brand timeline',
    path: () => `/marcas/editar/${brandId}`,
    signedIn: true,
    ready: async (page) => {
      await expect(
        page.getByRole('list', { name: 'Linha do tempo' }).getByText('Oportunidade criada').first(),
      ).toBeVisible();
    },
  },
  { name: 'brands list', path: '/marcas/gerenciar', signedIn: true, ready: pageTitle('Gerenciar Marcas') },
  { name: 'brand create', path: '/marcas/criar', signedIn: true, ready: pageTitle('Nova Marca') },
  {
    // An export while it downloads: the progress panel (the answer is held back until axe is done).
    name: 'brand export progress',
    slow: true,
    path: '/marcas/gerenciar',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Gerenciar Marcas')(page);
      await page.route('**/api/brands/export**', () => {
        // Never answered: the download stays "in progress" while the page is checked.
      });
      await page.getByRole('button', { name: 'Exportar marcas' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      await expect(page.getByRole('progressbar', { name: 'Download de marcas' })).toBeVisible();
    },
  },
  {
    name: 'import wizard mapping',
    slow: true,
    path: '/importar?tipo=marcas',
    signedIn: true,
    ready: async (page) => {
      await analyseBrandsCsv(page, 'acessibilidade.csv', IMPORT_SEED);
    },
  },
  {
    // Every action's badge and meaning: created, skipped (a stray ';'), a brand without its contact.
    name: 'import wizard preview',
    slow: true,
    path: '/importar?tipo=marcas',
    signedIn: true,
    ready: async (page) => {
      await reviewPeopleBrands(page, '310');
      await expect(page.getByRole('group', { name: 'O que cada ação faz' })).toContainText('Sem contato');
      const rows = page.getByRole('table', { name: 'Linhas da planilha' }).getByRole('row');
      await expect(rows.filter({ hasText: 'Mercado Boa Vista' })).toContainText('Ignorar');
      await expect(rows.filter({ hasText: 'Padaria Estrela' })).toContainText('Sem contato');
    },
  },
  {
    name: 'import wizard row details',
    slow: true,
    path: '/importar?tipo=marcas',
    signedIn: true,
    ready: async (page) => {
      await reviewPeopleBrands(page, '310');
      await page.getByRole('button', { name: 'Ver todos os valores da linha 4' }).click();
      await expect(page.getByRole('dialog', { name: 'Linha 4 · Padaria Estrela' })).toBeVisible();
    },
  },
  {
    // A new file each run (a retry too), so it has rows to write (and rows left out to list).
    name: 'import wizard report',
    slow: true,
    path: '/importar?tipo=marcas',
    signedIn: true,
    ready: async (page) => {
      await reviewPeopleBrands(page, nextReportSeed());
      await page.getByRole('button', { name: /^Importar \d+ linhas?$/ }).click();
      await expect(page.getByRole('heading', { name: 'Importação concluída' })).toBeFocused();
      await expect(page.getByRole('table', { name: 'O que não foi importado' })).toContainText(
        'Marca criada, contato não importado',
      );
    },
  },

  {
    name: 'verticals',
    path: '/configuracoes/verticais',
    signedIn: true,
    ready: listWithRows('Verticais', 'Verticais'),
  },
  {
    name: 'quota types',
    path: '/configuracoes/tipos-cotas',
    signedIn: true,
    ready: listWithRows('Tipos de Cotas', 'Tipos de Cotas'),
  },
  {
    name: 'platforms',
    path: '/configuracoes/plataformas',
    signedIn: true,
    ready: listWithRows('Plataformas', 'Plataformas'),
  },
  {
    name: 'pipeline settings',
    path: '/configuracoes/funil',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Funil')(page);
      await expect(page.getByRole('spinbutton', { name: 'Probabilidade de Frio (%)' })).toHaveValue('10');
    },
  },
  {
    name: 'reports',
    path: '/relatorios',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Relatórios')(page);
      await expect(page.getByRole('table', { name: 'Criadas, ganhas e perdidas por mês' })).toBeVisible();
    },
  },
  {
    name: 'tasks',
    path: '/tarefas?aba=overdue',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Tarefas')(page);
      await expect(
        page.getByRole('list', { name: 'Tarefas: Atrasadas' }).getByText('Ligar para confirmar a proposta'),
      ).toBeVisible();
    },
  },
  {
    // The task dialog after an empty "Criar": its fields with their error messages.
    name: 'task dialog',
    path: '/tarefas',
    signedIn: true,
    ready: async (page) => {
      await pageTitle('Tarefas')(page);
      await page.getByRole('button', { name: 'Nova tarefa' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova tarefa' });
      await dialog.getByRole('button', { name: 'Criar' }).click();
      await expect(dialog.getByText('Prazo é obrigatório')).toBeVisible();
    },
  },
  { name: 'language', path: '/configuracoes/idioma', signedIn: true, ready: pageTitle('Idioma') },
  { name: 'users', path: '/seguranca/usuarios', signedIn: true, ready: listWithRows('Usuários', 'Usuários') },
  {
    name: 'not found',
    path: '/esta-pagina-nao-existe',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    },
  },
];

// Each screen in both themes, one after the other: loaded and made ready once, measured in the
// light theme, then in the dark one. The app follows the system theme live until the user picks
// one, as it does when a user's OS turns dark at sunset, so the same screen turns dark without a
// second load, sign-in and setup (half this file's time when each theme loaded its own).
for (const screen of screens) {
  test(`${screen.name} has no serious accessibility finding`, async ({ page }) => {
    if (screen.slow) test.slow();
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (screen.signedIn) await signInWithSession(page, admin);
    if (screen.storage) {
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, screen.storage);
    }
    await page.goto(typeof screen.path === 'function' ? screen.path() : screen.path);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await screen.ready(page);
    await expectNoSeriousAccessibilityFindings(page, `${screen.name} (light)`);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousAccessibilityFindings(page, `${screen.name} (dark)`);
  });
}
