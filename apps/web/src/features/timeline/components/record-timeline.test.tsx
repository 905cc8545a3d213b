import type { Role } from '@funil/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { stubApi, type StubRoute } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { RecordTimeline } from './record-timeline';
import {
  ANA,
  apiNote,
  BRUNO,
  CARLA,
  LEAD_ID,
  noteEntry,
  ref,
  statusEntry,
  timelinePage,
  usersList,
} from './timeline.test-helpers';

const TIMELINE = `GET /api/leads/${LEAD_ID}/timeline`;
const NOTES = `POST /api/leads/${LEAD_ID}/notes`;

function setup(routes: Record<string, StubRoute>, viewer: { id: string; roles: Role[] } | null = ANA) {
  const user = userEvent.setup();
  const api = stubApi({ 'GET /api/users': { body: usersList }, ...routes });
  renderWithProviders(<RecordTimeline record={{ type: 'lead', id: LEAD_ID }} viewer={viewer} />);
  return { user, api };
}

const box = () => screen.getByRole('textbox', { name: 'Nova nota' });
const listbox = () => screen.queryByRole('listbox', { name: 'Pessoas para mencionar' });

describe('note composer: @mentions', () => {
  it('lists the active users as "@" and letters are typed, and is driven by the keyboard', async () => {
    const { user } = setup({ [TIMELINE]: { body: timelinePage([]) } });
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');

    await user.click(box());
    await user.keyboard('Oi @an');
    const list = await screen.findByRole('listbox', { name: 'Pessoas para mencionar' });
    // Ana by her first name, Bruno by his last; the inactive Antônio is never offered.
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ana Souzaana@funil.demo',
      'Bruno Andradebruno@funil.demo',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('Oi @Bruno Andrade ');
    expect(listbox()).not.toBeInTheDocument();

    // Tab picks too.
    await user.keyboard('e @car');
    expect(await screen.findByRole('option', { name: /Carla Lima/ })).toBeInTheDocument();
    await user.keyboard('{Tab}');
    expect(box()).toHaveValue('Oi @Bruno Andrade e @Carla Lima ');
    expect(box()).toHaveFocus();

    // Esc closes the list and leaves the text alone.
    await user.keyboard('@an');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(listbox()).not.toBeInTheDocument();
    expect(box()).toHaveValue('Oi @Bruno Andrade e @Carla Lima @an');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes only the list on Esc inside a dialog, then the dialog on the next Esc', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/users': { body: usersList }, [TIMELINE]: { body: timelinePage([]) } });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent closeLabel="Fechar" aria-describedby={undefined}>
          <DialogTitle>Detalhes</DialogTitle>
          <RecordTimeline record={{ type: 'lead', id: LEAD_ID }} viewer={ANA} />
        </DialogContent>
      </Dialog>,
    );
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.keyboard('@an');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(listbox()).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('opens only on "@" after a space or at the start, with a letter after it', async () => {
    const { user } = setup({ [TIMELINE]: { body: timelinePage([]) } });
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.keyboard('ana@an');
    expect(listbox()).not.toBeInTheDocument();
    await user.keyboard(' @');
    expect(listbox()).not.toBeInTheDocument();
    await user.keyboard('a');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});

describe('note composer: saving', () => {
  it('saves with Ctrl+Enter, sending the people still mentioned, and reads the timeline again', async () => {
    let saved = false;
    const created = apiNote(1, {
      body: '@Ana Souza veja isto',
      mentions: [ANA.id],
      mentioned_users: [ref(ANA)],
      author: ref(BRUNO),
    });
    const { user, api } = setup(
      {
        [TIMELINE]: () => ({ body: timelinePage(saved ? [noteEntry(created)] : []) }),
        [NOTES]: () => {
          saved = true;
          return { status: 201, body: created };
        },
      },
      BRUNO,
    );
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.keyboard('@an{Enter}veja isto @car{Enter}');
    expect(box()).toHaveValue('@Ana Souza veja isto @Carla Lima ');
    // Carla's mention is deleted from the text: she is not sent.
    await user.keyboard('{Backspace>13/}');
    expect(box()).toHaveValue('@Ana Souza veja isto');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() => expect(api.calls(NOTES)).toHaveLength(1));
    expect(api.calls(NOTES)[0]!.body).toEqual({ body: '@Ana Souza veja isto', mentions: [ANA.id] });
    expect(await screen.findByText('veja isto', { exact: false, selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('@Ana Souza', { selector: 'mark' })).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(api.calls(TIMELINE).length).toBeGreaterThanOrEqual(2);
  });

  it('saves with Cmd+Enter and the button; an empty note is refused before any call', async () => {
    const { user, api } = setup({
      [TIMELINE]: { body: timelinePage([]) },
      [NOTES]: { status: 201, body: apiNote(2) },
    });
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.keyboard('   {Meta>}{Enter}{/Meta}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nota é obrigatória');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(NOTES)).toHaveLength(0);

    await user.keyboard('Ligar amanhã{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.calls(NOTES)).toHaveLength(1));
    expect(api.calls(NOTES)[0]!.body).toEqual({ body: 'Ligar amanhã', mentions: [] });
  });

  it("shows the API's validation message in the form and keeps the text", async () => {
    const { user } = setup({
      [TIMELINE]: { body: timelinePage([]) },
      [NOTES]: {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Dados inválidos',
          issues: [{ path: 'mentions.0', message: 'Usuário não encontrado' }],
        },
      },
    });
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.keyboard('Oi @an{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário não encontrado');
    expect(box()).toHaveValue('Oi @Ana Souza ');
  });

  it('counts the characters left near the limit and refuses a note over it', async () => {
    const { user, api } = setup({ [TIMELINE]: { body: timelinePage([]) } });
    await screen.findByText('Nada registrado ainda. Escreva a primeira nota.');
    await user.click(box());
    await user.paste('a'.repeat(9_990));
    expect(screen.getByText('Restam 10 caracteres')).toBeInTheDocument();
    await user.paste('b'.repeat(12));
    expect(screen.getByText('2 caracteres acima do limite')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nota muito longa');
    expect(api.calls(NOTES)).toHaveLength(0);
  });
});

describe('timeline entries', () => {
  it('shows a note as plain text: markup is text, never elements', async () => {
    const body = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">\nsegunda linha';
    setup({ [TIMELINE]: { body: timelinePage([noteEntry(apiNote(1, { body }))]) } });
    const shown = await screen.findByTestId('note-body');
    expect(shown.textContent).toBe(body);
    expect(shown.querySelector('script, img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(shown).toHaveClass('whitespace-pre-wrap');
  });

  it('shows a status move with its badges and reason, and the absolute time on hover', async () => {
    setup({
      [TIMELINE]: {
        body: timelinePage([
          statusEntry(1, { from_status: 'quente', to_status: 'declinado', reason: 'Sem verba' }),
        ]),
      },
    });
    const entry = (await screen.findByText('Status alterado')).closest('li')!;
    expect(within(entry).getByText('Quente')).toBeInTheDocument();
    expect(within(entry).getByText('Declinado')).toBeInTheDocument();
    expect(within(entry).getByText('Sem verba', { exact: false })).toBeInTheDocument();
    const time = entry.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2026-03-02T12:00:00.000Z');
    expect(time.getAttribute('title')).toMatch(/^02\/03\/2026 às \d\d:00$/);
  });

  it('offers "Editar" on the author\'s own notes only, and saves the edit', async () => {
    const own = apiNote(1, { body: 'Minha nota', author: ref(ANA) });
    const other = apiNote(2, { body: 'Nota do Bruno', author: ref(BRUNO) });
    const edited = { ...own, body: 'Minha nota revista', updatedAt: '2026-03-02T13:00:00.000Z' };
    const { user, api } = setup({
      [TIMELINE]: { body: timelinePage([noteEntry(own), noteEntry(other)]) },
      [`PATCH /api/notes/${own.id}`]: { body: edited },
    });
    const mine = (await screen.findByText('Minha nota')).closest('li')!;
    const theirs = screen.getByText('Nota do Bruno').closest('li')!;
    expect(within(theirs).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    // A commercial user deletes only their own.
    expect(within(theirs).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Editar' }));
    const editor = within(mine).getByRole('textbox', { name: 'Editar nota' });
    expect(editor).toHaveValue('Minha nota');
    expect(editor).toHaveFocus();
    await user.keyboard(' revista');
    await user.click(within(mine).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls(`PATCH /api/notes/${own.id}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/notes/${own.id}`)[0]!.body).toEqual({
      body: 'Minha nota revista',
      mentions: [],
    });
    await waitFor(() => expect(within(mine).queryByRole('textbox')).not.toBeInTheDocument());
    // The focus goes back to the note's own button.
    expect(within(mine).getByRole('button', { name: 'Editar' })).toHaveFocus();
  });

  it('offers "Excluir" on every note to a manager, asks first, then deletes', async () => {
    const other = apiNote(2, { body: 'Nota do Bruno', author: ref(BRUNO) });
    const { user, api } = setup(
      {
        [TIMELINE]: { body: timelinePage([noteEntry(other)]) },
        [`DELETE /api/notes/${other.id}`]: { status: 204 },
      },
      CARLA,
    );
    const theirs = (await screen.findByText('Nota do Bruno')).closest('li')!;
    expect(within(theirs).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    await user.click(within(theirs).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir nota?' });
    expect(api.calls(`DELETE /api/notes/${other.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir nota' }));
    await waitFor(() => expect(api.calls(`DELETE /api/notes/${other.id}`)).toHaveLength(1));
    // Its button is gone: the focus is in the box for a new note.
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('offers nothing to change to someone signed out', async () => {
    setup({ [TIMELINE]: { body: timelinePage([noteEntry(apiNote(1, { body: 'Minha nota' }))]) } }, null);
    const entry = (await screen.findByText('Minha nota')).closest('li')!;
    expect(within(entry).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads the next page with the cursor of the one before', async () => {
    const first = [noteEntry(apiNote(3, { body: 'Terceira' })), noteEntry(apiNote(2, { body: 'Segunda' }))];
    const second = [noteEntry(apiNote(1, { body: 'Primeira' }))];
    const { user, api } = setup({
      [TIMELINE]: ({ url }) => {
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
        return { body: cursor === 'pagina-2' ? timelinePage(second) : timelinePage(first, 'pagina-2') };
      },
    });
    await screen.findByText('Terceira');
    expect(screen.queryByText('Primeira')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Primeira')).toBeInTheDocument();
    const urls = api.calls(TIMELINE).map((request) => new URL(request.url, 'http://localhost').searchParams);
    expect(urls[0]!.get('cursor')).toBeNull();
    expect(urls[1]!.get('cursor')).toBe('pagina-2');
    const list = screen.getByRole('list', { name: 'Linha do tempo' });
    expect(
      within(list)
        .getAllByTestId('note-body')
        .map((node) => node.textContent),
    ).toEqual(['Terceira', 'Segunda', 'Primeira']);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
