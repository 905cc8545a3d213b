import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import {
  ANA,
  BRANDS_KEY,
  BRUNO,
  CAIO,
  contactsTable,
  findToast,
  renderContactsTable,
  stubContactsApi,
} from './contacts-table.test-helpers';

const PRINCIPAL_TEXT =
  'Já existe um contato principal para essa marca. Confirma a alteração? O contato atual será definido como principal e os outros serão marcados como secundários.';

function shownEmails(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[3]?.textContent);
}

describe('contacts table: principal, status, delete', () => {
  it('asks before making another contact principal: Cancel sends nothing, Confirm patches', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA, BRUNO]);
    const { queryClient } = renderContactsTable();
    const table = await contactsTable();
    const brunoStar = within(table).getByRole('button', { name: 'Contato principal: Bruno Lima' });
    expect(brunoStar).toHaveAttribute('aria-pressed', 'false');
    expect(within(table).getByRole('button', { name: 'Contato principal: Ana Souza' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(brunoStar);
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirmar alteração de contato principal' });
    expect(within(dialog).getByText(PRINCIPAL_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await user.click(brunoStar);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await findToast('Contato principal atualizado');
    expect(api.calls(`PATCH /api/contacts/${BRUNO.id}`).map((call) => call.body)).toEqual([
      { flag: 'principal' },
    ]);
    // The client sends one request; the server demotes Ana, and the refetched list shows it.
    expect(api.calls(`PATCH /api/contacts/${ANA.id}`)).toHaveLength(0);
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Contato principal: Ana Souza' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(within(table).getByRole('button', { name: 'Contato principal: Bruno Lima' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(queryClient.getQueryState(BRANDS_KEY)?.isInvalidated).toBe(true);
  });

  it('makes a contact principal without asking when there is none, and back to secundario', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([{ ...ANA, flag: 'secundario' }, BRUNO]);
    renderContactsTable();
    const table = await contactsTable();

    await user.click(within(table).getByRole('button', { name: 'Contato principal: Bruno Lima' }));
    await findToast('Contato principal atualizado');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const star = within(table).getByRole('button', { name: 'Contato principal: Bruno Lima' });
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls(`PATCH /api/contacts/${BRUNO.id}`).map((call) => call.body)).toEqual([
      { flag: 'principal' },
      { flag: 'secundario' },
    ]);
  });

  it('switches the status from the row, and says so when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const api = stubContactsApi([ANA, CAIO], {
      [`PATCH /api/contacts/${CAIO.id}`]: () =>
        refuse ? { status: 500 } : { body: { ...CAIO, status: 'active' } },
    });
    renderContactsTable();
    const table = await contactsTable();

    const anaSwitch = within(table).getByRole('switch', { name: 'Contato ativo: Ana Souza' });
    expect(anaSwitch).toBeChecked();
    await user.click(anaSwitch);
    await findToast('Status atualizado');
    expect(api.calls(`PATCH /api/contacts/${ANA.id}`).map((call) => call.body)).toEqual([
      { status: 'inactive' },
    ]);
    await waitFor(() => expect(anaSwitch).not.toBeChecked());
    // The switch is not a click on the row: no row went into edit mode.
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();

    refuse = true;
    await user.click(within(table).getByRole('switch', { name: 'Contato ativo: Caio Teixeira' }));
    expect((await findToast('Erro ao atualizar')).textContent).toContain('Erro');
    expect(api.calls(`PATCH /api/contacts/${CAIO.id}`).map((call) => call.body)).toEqual([
      { status: 'active' },
    ]);
  });

  it('deletes only with canDelete, after a confirmation', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA, BRUNO]);
    renderContactsTable({ canDelete: true });
    const table = await contactsTable();

    await user.click(within(table).getByRole('button', { name: 'Excluir contato Bruno Lima' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir contato' });
    expect(within(dialog).getByText(/Bruno Lima será removido desta marca/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    await findToast('Contato excluído com sucesso');
    expect(api.calls(`DELETE /api/contacts/${BRUNO.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText(BRUNO.email)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Novo Contato' })).toHaveFocus();
  });

  it('offers no delete without canDelete', async () => {
    stubContactsApi([ANA, BRUNO]);
    renderContactsTable({ canDelete: false });
    const table = await contactsTable();
    expect(within(table).queryByRole('button', { name: /Excluir contato/ })).not.toBeInTheDocument();
  });
});

describe('contacts table: states and search', () => {
  it("says 'Erro ao carregar contatos' (panel and toast) and retries", async () => {
    const user = userEvent.setup();
    let fail = true;
    stubContactsApi([ANA], {
      'GET /api/contacts': () =>
        fail
          ? { status: 500, body: { message: 'Erro interno do servidor' } }
          : { body: { data: [ANA], total: 1, page: 1, limit: 100 } },
    });
    renderContactsTable();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar contatos')).toBeInTheDocument();
    expect(within(alert).getByText('Erro interno do servidor')).toBeInTheDocument();
    await findToast('Erro ao carregar contatos');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar Novamente' }));
    await contactsTable();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the brand has no contact yet, and Novo Contato still opens a row', async () => {
    const user = userEvent.setup();
    stubContactsApi([]);
    renderContactsTable();
    expect(await screen.findByText('Nenhum contato cadastrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo Contato' }));
    expect(screen.getByRole('textbox', { name: 'Cargo' })).toHaveFocus();
    expect(screen.queryByText('Nenhum contato cadastrado')).not.toBeInTheDocument();
  });

  it("searches names, email, phone digits, 'sim'/'não' and 'ativo'/'inativo'", async () => {
    const user = userEvent.setup();
    stubContactsApi([ANA, BRUNO, CAIO]);
    renderContactsTable();
    const table = await contactsTable();
    const search = screen.getByRole('searchbox');

    const cases: [string, string[]][] = [
      ['sim', [ANA.email]],
      ['não', [BRUNO.email, CAIO.email]],
      ['ativo', [ANA.email, BRUNO.email]],
      ['inativo', [CAIO.email]],
      ['99999', [ANA.email]],
      ['3000-0000', [BRUNO.email]],
      ['teixeira', [CAIO.email]],
      ['compras', [CAIO.email]],
      ['não ativo', [BRUNO.email]],
    ];
    for (const [query, emails] of cases) {
      await user.clear(search);
      await user.type(search, query);
      expect(shownEmails(table), query).toEqual(emails);
    }

    await user.clear(search);
    await user.type(search, 'ninguém');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(shownEmails(table)).toEqual([ANA.email, BRUNO.email, CAIO.email]);
  });

  it('understands the state words of the interface language too', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    stubContactsApi([ANA, BRUNO, CAIO]);
    renderContactsTable();
    const table = await contactsTable(ANA.email, 'Brand contacts');
    const search = screen.getByRole('searchbox');

    await user.type(search, 'yes');
    expect(shownEmails(table)).toEqual([ANA.email]);
    await user.clear(search);
    await user.type(search, 'inactive');
    expect(shownEmails(table)).toEqual([CAIO.email]);
    // The Portuguese words work in every language.
    await user.clear(search);
    await user.type(search, 'sim');
    expect(shownEmails(table)).toEqual([ANA.email]);
  });
});

describe('contacts table: copy', () => {
  it('copies the contacts the search shows as WhatsApp text', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    stubContactsApi([ANA, BRUNO, CAIO]);
    renderContactsTable({ brandName: 'Marca X' });
    await contactsTable(ANA.email, 'Contatos da marca Marca X');

    await user.type(screen.getByRole('searchbox'), 'ativo');
    await user.click(screen.getByRole('button', { name: 'Copiar para WhatsApp' }));

    await findToast('2 contatos copiados');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]?.[0]).toBe(
      [
        '*Contatos — Marca X*',
        '',
        '*Ana Souza* ⭐ Principal',
        'Cargo: Diretora',
        'Email: ana@marca.com.br',
        'Telefone: +55 11 99999-9999',
        '',
        '*Bruno Lima*',
        'Email: bruno@marca.com.br',
        'Telefone: +55 11 3000-0000',
      ].join('\n'),
    );
  });

  it('copies the contacts the search shows as spreadsheet columns', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    stubContactsApi([ANA, BRUNO, CAIO]);
    renderContactsTable();
    await contactsTable();

    await user.type(screen.getByRole('searchbox'), 'não');
    await user.click(screen.getByRole('button', { name: 'Copiar para planilha' }));

    await findToast('2 contatos copiados');
    expect(writeText.mock.calls[0]?.[0]?.split('\n')).toEqual([
      'Cargo\tNome\tSobrenome\tEmail\tTelefone\tPrincipal\tStatus',
      '\tBruno\tLima\tbruno@marca.com.br\t+55 11 3000-0000\tNão\tAtivo',
      'Compras\tCaio\tTeixeira\tcaio@marca.com.br\t+55 21 98888-7777\tNão\tInativo',
    ]);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    stubContactsApi([ANA]);
    renderContactsTable();
    await contactsTable();

    await user.click(screen.getByRole('button', { name: 'Copiar para WhatsApp' }));
    expect((await findToast('Não foi possível copiar')).textContent).toContain(
      'O navegador não permitiu o acesso à área de transferência.',
    );
  });
});
