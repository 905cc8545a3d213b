import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiBrand, apiLead } from '@/test/api-fixtures';
import { renderRoute } from '@/test/render';
import { signedIn, VERTICALS } from './leads.test-helpers';

const LEAD = apiLead('Q1 2026', { brand: apiBrand('Café Serra Azul'), vertical: VERTICALS[0] });
const LEAD_PATH = `/api/leads/${LEAD.id}`;
const NO_CONTACTS = { 'GET /api/contacts': { body: { data: [], total: 0, page: 1, limit: 100 } } };
const CONFLICT = {
  status: 412,
  body: {
    statusCode: 412,
    error: 'Precondition Failed',
    message: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.',
  },
};

describe('edit opportunity: someone else saved it meanwhile', () => {
  it('sends the loaded version as If-Match; a 412 shows the typed values, keeps them, and reloads on request', async () => {
    const user = userEvent.setup();
    // The first GET is the version the form opens with; the reload finds someone else's save.
    let version = 1;
    const api = signedIn({
      [`GET ${LEAD_PATH}`]: () => ({
        body: version === 1 ? LEAD : { ...LEAD, assessment: 'Q3 2026 (Rita)' },
        headers: { ETag: `"${version}"` },
      }),
      [`PATCH ${LEAD_PATH}`]: () => {
        version = 2;
        return CONFLICT;
      },
      ...NO_CONTACTS,
    });
    renderRoute(`/leads/editar/${LEAD.id}`);

    const assessment = await screen.findByLabelText('Apuração', undefined, { timeout: 5000 });
    await user.clear(assessment);
    await user.type(assessment, 'Q2 2026');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Registro alterado por outra pessoa' });
    expect(api.calls(`PATCH ${LEAD_PATH}`)[0]!.headers.get('If-Match')).toBe('"1"');
    expect(api.calls(`PATCH ${LEAD_PATH}`)[0]!.body).toEqual({ assessment: 'Q2 2026' });
    // Only what the user changed, with its value and a copy button.
    expect(within(dialog).getByText('Apuração')).toBeInTheDocument();
    expect(within(dialog).getByText('Q2 2026')).toBeInTheDocument();
    expect(within(dialog).queryByText('Vertical')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar Apuração' })).toBeInTheDocument();
    // The 412 is the dialog's, not an error toast's.
    expect(screen.queryByText('Erro ao atualizar lead')).not.toBeInTheDocument();

    // Going on editing closes the dialog and loses nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Apuração')).toHaveValue('Q2 2026');

    // Saving again over the same version is refused again; this time the user reloads.
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const again = await screen.findByRole('alertdialog', { name: 'Registro alterado por outra pessoa' });
    expect(api.calls(`PATCH ${LEAD_PATH}`)[1]!.headers.get('If-Match')).toBe('"1"');
    await user.click(within(again).getByRole('button', { name: 'Recarregar' }));

    await waitFor(() => expect(screen.getByLabelText('Apuração')).toHaveValue('Q3 2026 (Rita)'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // The next save goes over the version just loaded, with what changed since it.
    await user.type(screen.getByLabelText('Apuração'), ' ok');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(api.calls(`PATCH ${LEAD_PATH}`)).toHaveLength(3));
    expect(api.calls(`PATCH ${LEAD_PATH}`)[2]!.headers.get('If-Match')).toBe('"2"');
    expect(api.calls(`PATCH ${LEAD_PATH}`)[2]!.body).toEqual({ assessment: 'Q3 2026 (Rita) ok' });
  });
});
