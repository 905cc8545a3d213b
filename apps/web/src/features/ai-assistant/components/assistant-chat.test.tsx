import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  answerChunks,
  CHAT,
  controlledStream,
  ENABLED,
  FOUND,
  LEAD_ID,
  renderAssistant,
  sseResponse,
} from './assistant.test-helpers';

type User = ReturnType<typeof userEvent.setup>;

async function openSheet(user: User) {
  const trigger = await screen.findByRole('button', { name: 'Assistente IA' });
  // Enabled once the status call says the assistant is configured.
  await waitFor(() => expect(trigger).not.toHaveAttribute('aria-disabled'));
  await user.click(trigger);
  const sheet = await screen.findByRole('dialog', { name: 'Assistente IA' });
  await within(sheet).findByRole('textbox', { name: 'Sua pergunta' });
  return sheet;
}

async function ask(user: User, text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Sua pergunta' }), `${text}{Enter}`);
}

/** What a failure shows: the assistant's error bubble and the destructive toast. */
async function expectErrorBubbleAndToast() {
  expect(
    await screen.findByText(
      'Desculpe, ocorreu um erro ao processar sua solicitação. Por favor, tente novamente.',
    ),
  ).toBeInTheDocument();
  expect(await screen.findByText('Não foi possível processar sua mensagem')).toBeInTheDocument();
}

const answer = (text: string[], registry?: typeof FOUND) => () => sseResponse(answerChunks(text, registry));

describe('AI assistant sheet', () => {
  it('starts empty with the three suggestions, and a picked one is asked', async () => {
    const user = userEvent.setup();
    const { api } = renderAssistant({ ...ENABLED, [CHAT]: answer(['Estratégia']) });
    const sheet = await openSheet(user);

    expect(sheet).toHaveAccessibleDescription(/Pergunte sobre Café Serra Azul/);
    const suggestions = within(sheet).getAllByRole('button', { name: /Café Serra Azul/ });
    expect(suggestions.map((button) => button.textContent)).toEqual([
      'Quais informações você tem sobre a marca Café Serra Azul?',
      'Sugira uma estratégia de abordagem comercial para Café Serra Azul.',
      'Faça uma análise dos dados financeiros de Café Serra Azul.',
    ]);
    expect(within(sheet).queryByRole('log')).not.toBeInTheDocument();
    // The question box takes the focus once the lazily loaded chat has mounted.
    await waitFor(() => expect(within(sheet).getByRole('textbox', { name: 'Sua pergunta' })).toHaveFocus());

    await user.click(suggestions[1]!);
    expect(await within(sheet).findByText('Estratégia')).toBeInTheDocument();
    expect(api.calls(CHAT)[0]!.body).toEqual({
      prompt: 'Sugira uma estratégia de abordagem comercial para Café Serra Azul.',
      lead_id: LEAD_ID,
    });
  });

  it('sends on Enter with {prompt, lead_id}, the token and the language; Shift+Enter breaks the line', async () => {
    const user = userEvent.setup();
    const { api } = renderAssistant({ ...ENABLED, [CHAT]: answer(['Pronto.']) });
    await openSheet(user);
    const box = screen.getByRole('textbox', { name: 'Sua pergunta' });

    await user.type(box, 'Sugira{Shift>}{Enter}{/Shift}uma abordagem');
    expect(box).toHaveValue('Sugira\numa abordagem');
    expect(api.calls(CHAT)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls(CHAT)).toHaveLength(1));
    const request = api.calls(CHAT)[0]!;
    expect(request.body).toEqual({ prompt: 'Sugira\numa abordagem', lead_id: LEAD_ID });
    expect(request.headers.get('Authorization')).toBe('Bearer token-123');
    expect(request.headers.get('Accept-Language')).toBe('pt-BR');
    expect(box).toHaveValue('');
    const log = await screen.findByRole('log', { name: 'Conversa com o assistente' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('Pronto.')).toBeInTheDocument();
  });

  it('cannot send an empty or blank question', async () => {
    const user = userEvent.setup();
    const { api } = renderAssistant({ ...ENABLED, [CHAT]: answer(['x']) });
    await openSheet(user);

    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await ask(user, '   ');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(api.calls(CHAT)).toHaveLength(0);
  });

  it('renders the streamed answer as Markdown, raw HTML as text and links in a new tab', async () => {
    const user = userEvent.setup();
    renderAssistant({
      ...ENABLED,
      [CHAT]: answer([
        '## Resumo\n\n**Empresa sólida** com ',
        '[site](https://example.com).\n\n<script>alert(1)</script> <b>negrito</b>',
      ]),
    });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');

    const log = await screen.findByRole('log');
    expect(await within(log).findByRole('heading', { name: 'Resumo' })).toBeInTheDocument();
    expect(within(log).getByText('Empresa sólida').tagName).toBe('STRONG');
    const link = within(log).getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(log).toHaveTextContent('<script>alert(1)</script>');
    expect(log).toHaveTextContent('<b>negrito</b>');
    expect(log.querySelector('script, b')).toBeNull();
  });

  it('shows the registry card from the data part above the answer', async () => {
    const user = userEvent.setup();
    renderAssistant({ ...ENABLED, [CHAT]: answer(['Análise.'], FOUND) });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');

    const card = await screen.findByRole('region', { name: 'Dados cadastrais' });
    expect(card).toHaveTextContent('CAFE SERRA AZUL LTDA');
    expect(card).toHaveTextContent('11.222.333/0001-81');
    expect(within(card).getByText('ATIVA')).toHaveAttribute('data-slot', 'badge');
    expect(card).toHaveTextContent('1081302 — Torrefação e moagem de café');
    expect(card).toHaveTextContent('Belo Horizonte/MG');
    expect(card).toHaveTextContent('R$ 1.500.000,00');
    expect(card).toHaveTextContent('Fonte: Receita Federal · consultado em 20/04/2026');
  });

  it('says so when the CNPJ is not registered', async () => {
    const user = userEvent.setup();
    renderAssistant({
      ...ENABLED,
      [CHAT]: answer(['Sem registro.'], { status: 'not_found', cnpj: '11222333000181' }),
    });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');
    expect(
      await screen.findByText('CNPJ 11.222.333/0001-81 não encontrado na Receita Federal.'),
    ).toBeInTheDocument();
  });

  it('locks after the first answer, and a new opening starts over', async () => {
    const user = userEvent.setup();
    renderAssistant({ ...ENABLED, [CHAT]: answer(['Resposta.']) });
    const sheet = await openSheet(user);
    await user.type(screen.getByRole('textbox', { name: 'Sua pergunta' }), 'Pergunta{Enter}rascunho');

    expect(
      await within(sheet).findByText('Consulta concluída. Abra novamente para fazer uma nova consulta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sua pergunta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(within(sheet).getByRole('button', { name: 'Copiar resposta' })).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Assistente IA' })).toHaveFocus());
    const reopened = await openSheet(user);
    expect(within(reopened).queryByRole('log')).not.toBeInTheDocument();
    expect(within(reopened).getByText('Sugestões')).toBeInTheDocument();
    const box = within(reopened).getByRole('textbox', { name: 'Sua pergunta' });
    expect(box).toBeEnabled();
    expect(box).toHaveValue('');
  });

  it('asks for the company data instead, with the masked CNPJ, when the first message is about the company', async () => {
    const user = userEvent.setup();
    const { api } = renderAssistant({ ...ENABLED, [CHAT]: answer(['Dados.']) });
    await openSheet(user);
    await ask(user, 'Quero INFORMAÇÕES da empresa');

    await waitFor(() => expect(api.calls(CHAT)).toHaveLength(1));
    const prompt =
      'Forneça informações sobre a empresa Café Serra Azul (CNPJ: 11.222.333/0001-81):\n' +
      '1. Dados cadastrais\n2. Setores de atuação\n3. Observações e pontos de atenção\n' +
      '4. Indicadores financeiros recentes';
    expect(api.calls(CHAT)[0]!.body).toEqual({ prompt, lead_id: LEAD_ID });
    // The bubble shows what was asked.
    expect(
      await screen.findByText(/Forneça informações sobre a empresa Café Serra Azul/),
    ).toBeInTheDocument();
  });

  it('writes "CNPJ não informado" when the brand has no CNPJ', async () => {
    const user = userEvent.setup();
    const { api } = renderAssistant(
      { ...ENABLED, [CHAT]: answer(['Dados.']) },
      { name: 'Marca Sem CNPJ', cnpj: '' },
    );
    await openSheet(user);
    await ask(user, 'dados sobre a marca');
    await waitFor(() => expect(api.calls(CHAT)).toHaveLength(1));
    expect(api.calls(CHAT)[0]!.body).toMatchObject({
      prompt: expect.stringContaining('Marca Sem CNPJ (CNPJ: CNPJ não informado)') as unknown,
    });
  });

  it('on a 502 before the stream: the error bubble and a toast with the server’s message, and may try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderAssistant({
      ...ENABLED,
      [CHAT]: () =>
        ++calls === 1
          ? { status: 502, body: { message: 'Erro ao processar solicitação' } }
          : sseResponse(answerChunks(['Agora sim.'])),
    });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');

    await expectErrorBubbleAndToast();
    expect(screen.getByText('Erro ao processar solicitação')).toBeInTheDocument();

    await ask(user, 'Outra tentativa');
    expect(await screen.findByText('Agora sim.')).toBeInTheDocument();
  });

  it('on an error part in the stream: the error bubble and the toast', async () => {
    const user = userEvent.setup();
    renderAssistant({
      ...ENABLED,
      [CHAT]: () =>
        sseResponse([{ type: 'start' }, { type: 'error', errorText: 'Erro ao processar solicitação' }]),
    });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');
    await expectErrorBubbleAndToast();
  });

  it('says it could not answer when the answer has no text', async () => {
    const user = userEvent.setup();
    renderAssistant({ ...ENABLED, [CHAT]: answer([]) });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');
    expect(await screen.findByText('Desculpe, não consegui gerar uma resposta.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sua pergunta' })).toBeEnabled();
  });

  it('shows the typing indicator while waiting, the text as it streams, and stops on Parar', async () => {
    const user = userEvent.setup();
    const stream = controlledStream();
    renderAssistant({ ...ENABLED, [CHAT]: () => stream.response() });
    await openSheet(user);
    await ask(user, 'Sugira uma abordagem');

    expect(await screen.findByText('O assistente está escrevendo…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    stream.push({ type: 'start' });
    stream.push({ type: 'text-start', id: 't' });
    stream.push({ type: 'text-delta', id: 't', delta: 'Primeira parte' });
    expect(await screen.findByText('Primeira parte')).toBeInTheDocument();
    expect(screen.queryByText('O assistente está escrevendo…')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Parar' }));
    expect(await screen.findByText('Resposta interrompida.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sua pergunta' })).toBeEnabled();
  });
});
