import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ANA,
  BRAND_ID,
  BRANDS_KEY,
  BRUNO,
  contactsTable,
  findToast,
  renderContactsTable,
  rowOf,
  stubContactsApi,
} from './contacts-table.test-helpers';

/** A field of the row in edit mode (email and phone inputs are textboxes too). */
function input(table: HTMLElement, label: string) {
  return within(table).getByRole('textbox', { name: label });
}

describe('contacts table: inline editing', () => {
  it("loads the brand's contacts (limit 100) and shows the phone formatted", async () => {
    const api = stubContactsApi([ANA, BRUNO]);
    renderContactsTable();
    const table = await contactsTable();

    const [list] = api.calls('GET /api/contacts');
    const url = new URL(list?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('brand_id')).toBe(BRAND_ID);
    expect(url.searchParams.get('limit')).toBe('100');
    expect(rowOf(table, ANA.email).textContent).toContain('+55 11 99999-9999');
    expect(rowOf(table, BRUNO.email).textContent).toContain('+55 11 3000-0000');
  });

  it('creates a contact with the keyboard alone: Tab through the fields, Tab on the phone saves', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA]);
    const { queryClient } = renderContactsTable();
    const table = await contactsTable();

    const create = screen.getByRole('button', { name: 'Novo Contato' });
    while (document.activeElement !== create) await user.tab();
    await user.keyboard('{Enter}');

    expect(input(table, 'Cargo')).toHaveFocus();
    await user.keyboard('Gerente');
    await user.tab();
    expect(input(table, 'Nome')).toHaveFocus();
    await user.keyboard(' Carla ');
    await user.tab();
    await user.keyboard('Dias');
    await user.tab();
    expect(input(table, 'Email')).toHaveAttribute('type', 'email');
    await user.keyboard('Carla@Marca.com.br');
    // Shift+Tab goes back a field, Tab forward again.
    await user.tab({ shift: true });
    expect(input(table, 'Sobrenome')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(input(table, 'Telefone')).toHaveFocus();
    await user.keyboard('(11) 98888-7777');
    expect(api.calls('POST /api/contacts')).toHaveLength(0);
    await user.tab();

    await findToast('Contato criado com sucesso');
    expect(api.calls('POST /api/contacts').map((call) => call.body)).toEqual([
      {
        brand_id: BRAND_ID,
        position: 'Gerente',
        first_name: 'Carla',
        last_name: 'Dias',
        email: 'carla@marca.com.br',
        phone_number: '11988887777',
      },
    ]);
    // The new contact comes back with the list, its row has the focus, and no row is in edit mode.
    await waitFor(() => expect(rowOf(table, 'carla@marca.com.br')).toHaveFocus());
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    // The brand list shows the principal contact: it is out of date too.
    expect(queryClient.getQueryState(BRANDS_KEY)?.isInvalidated).toBe(true);
  });

  it('Esc cancels a new row: it disappears, nothing is sent, the focus is back on Novo Contato', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA]);
    renderContactsTable();
    const table = await contactsTable();

    await user.click(screen.getByRole('button', { name: 'Novo Contato' }));
    expect(screen.getByRole('button', { name: 'Novo Contato' })).toBeDisabled();
    await user.keyboard('Diretor{Tab}Davi{Escape}');

    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(table).queryByText('Diretor')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo Contato' })).toHaveFocus();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('clicking a row edits it, one row at a time; Enter saves only what changed', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA, BRUNO]);
    renderContactsTable();
    const table = await contactsTable();

    await user.click(rowOf(table, ANA.email));
    expect(input(table, 'Cargo')).toHaveFocus();
    expect(input(table, 'Cargo')).toHaveValue('Diretora');
    expect(input(table, 'Telefone')).toHaveValue('+55 11 99999-9999');

    // Another row does not open while this one is being edited.
    await user.click(rowOf(table, BRUNO.email));
    expect(within(table).getAllByRole('textbox', { name: 'Nome' })).toHaveLength(1);
    expect(within(table).getByRole('textbox', { name: 'Nome' })).toHaveValue('Ana');

    await user.clear(input(table, 'Sobrenome'));
    await user.type(input(table, 'Sobrenome'), 'Lima{Enter}');

    await findToast('Contato atualizado com sucesso');
    expect(api.calls(`PATCH /api/contacts/${ANA.id}`).map((call) => call.body)).toEqual([
      { last_name: 'Lima' },
    ]);
    await waitFor(() => expect(rowOf(table, 'Lima').textContent).toContain(ANA.email));
    expect(rowOf(table, ANA.email)).toHaveFocus();
  });

  it('Enter with nothing changed (a field typed and put back) closes the row and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA, BRUNO]);
    renderContactsTable();
    const table = await contactsTable();

    await user.click(rowOf(table, ANA.email));
    await user.clear(input(table, 'Sobrenome'));
    await user.type(input(table, 'Sobrenome'), `${ANA.last_name}{Enter}`);

    await waitFor(() => expect(within(table).queryByRole('textbox')).not.toBeInTheDocument());
    expect(rowOf(table, ANA.email)).toHaveFocus();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('Enter on a focused row edits it; Esc puts its values back and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA, BRUNO]);
    renderContactsTable();
    const table = await contactsTable();

    rowOf(table, BRUNO.email).focus();
    await user.keyboard('{Enter}');
    expect(input(table, 'Cargo')).toHaveFocus();
    await user.keyboard('{Tab}{Control>}a{/Control}Bernardo{Escape}');

    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(rowOf(table, BRUNO.email).textContent).toContain('Bruno');
    expect(rowOf(table, BRUNO.email)).toHaveFocus();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("checks a row in order (first name, last name, email, phone) with a 'Validação' toast", async () => {
    const user = userEvent.setup();
    const api = stubContactsApi([ANA]);
    renderContactsTable();
    const table = await contactsTable();
    await user.click(screen.getByRole('button', { name: 'Novo Contato' }));

    const steps: [string, string][] = [
      ['Cargo', 'Nome é obrigatório'],
      ['Nome', 'Sobrenome é obrigatório'],
      ['Sobrenome', 'Email é obrigatório'],
      ['Email', 'Email inválido'],
    ];
    const typed: Record<string, string> = { Nome: '  Eva ', Sobrenome: 'Reis', Email: 'eva@' };
    for (const [field, message] of steps) {
      if (typed[field]) await user.type(input(table, field), typed[field]);
      await user.type(input(table, field), '{Enter}');
      const toast = await findToast(message);
      expect(toast.textContent).toContain('Validação');
    }
    await user.type(input(table, 'Email'), 'marca.com{Enter}');
    expect((await findToast('Telefone é obrigatório')).textContent).toContain('Validação');
    // A blank first name is as missing as an empty one.
    await user.clear(input(table, 'Nome'));
    await user.type(input(table, 'Nome'), '   {Enter}');
    await findToast('Nome é obrigatório');

    expect(api.calls('POST /api/contacts')).toHaveLength(0);
    expect(input(table, 'Cargo')).toBeInTheDocument();
  });

  it("shows the server's refusal, else 'Erro ao salvar contato', and keeps the row open", async () => {
    const user = userEvent.setup();
    let reply = { status: 400, body: { message: 'Marca não encontrada' } as unknown };
    const api = stubContactsApi([ANA], { 'POST /api/contacts': () => reply });
    renderContactsTable();
    const table = await contactsTable();

    await user.click(screen.getByRole('button', { name: 'Novo Contato' }));
    await user.keyboard('{Tab}Eva{Tab}Reis{Tab}eva@marca.com{Tab}11987654321{Enter}');
    expect((await findToast('Marca não encontrada')).textContent).toContain('Erro');

    reply = { status: 500, body: undefined };
    await user.keyboard('{Enter}');
    expect((await findToast('Erro ao salvar contato')).textContent).toContain('Erro');
    expect(api.calls('POST /api/contacts')).toHaveLength(2);
    expect(input(table, 'Telefone')).toHaveValue('11987654321');
  });
});
