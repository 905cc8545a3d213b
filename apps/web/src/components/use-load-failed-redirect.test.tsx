import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { useLoadFailedRedirect } from './use-load-failed-redirect';

// A spy rather than a module mock: nothing replaced outlives the test (the setup file restores
// every spy), whichever files run after this one in the same worker.
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue('');
});

function EditPage({ error }: { error: unknown }) {
  useLoadFailedRedirect({ error, title: 'Erro ao carregar marca', toastId: 'brand-load-error', to: '/list' });
  return <p>edit</p>;
}

function renderAt(error: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <p>list</p> },
      { path: '/edit', element: <EditPage error={error} /> },
    ],
    { initialEntries: ['/list', '/edit'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLoadFailedRedirect', () => {
  it('stays and says nothing while there is no error', async () => {
    const router = renderAt(null);
    await Promise.resolve();
    expect(router.state.location.pathname).toBe('/edit');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts the server's message under the title and goes back, replacing the edit page", async () => {
    const router = renderAt(
      new HttpError(404, 'Not Found', JSON.stringify({ message: 'Marca não encontrada' })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(toast.error).toHaveBeenCalledWith('Erro ao carregar marca', {
      description: 'Marca não encontrada',
      id: 'brand-load-error',
    });
    // Replaced, not pushed: going back does not land on the page that failed.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('falls back to the title when the error carries no message of its own', async () => {
    const router = renderAt({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(toast.error).toHaveBeenCalledWith('Erro ao carregar marca', {
      description: 'Erro ao carregar marca',
      id: 'brand-load-error',
    });
  });
});
