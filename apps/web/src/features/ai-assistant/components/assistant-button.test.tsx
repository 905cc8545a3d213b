import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAssistant } from './assistant.test-helpers';

describe('AI assistant button', () => {
  it('is disabled, saying why, when the assistant is not configured', async () => {
    const user = userEvent.setup();
    renderAssistant({ 'GET /api/openai/status': { body: { enabled: false, provider: null } } });
    const button = screen.getByRole('button', { name: 'Assistente IA' });

    await waitFor(() =>
      expect(button).toHaveAccessibleDescription('O assistente de IA não está configurado neste servidor.'),
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'O assistente de IA não está configurado neste servidor.',
    );
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is disabled when the status cannot be read', async () => {
    renderAssistant({ 'GET /api/openai/status': { status: 500, body: { message: 'Erro interno' } } });
    const button = screen.getByRole('button', { name: 'Assistente IA' });
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(
        'Não foi possível verificar se o assistente de IA está disponível.',
      ),
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });
});
