import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiCompanyRecord } from '@/test/api-fixtures';
import { RegistryCard } from './registry-card';

describe('RegistryCard', () => {
  it('shows the whole record, with its source, and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<RegistryCard record={apiCompanyRecord()} onClose={onClose} />);
    const card = screen.getByRole('region', { name: 'Dados da Receita Federal' });
    expect(card).toHaveTextContent('ALFA NUMERICA LTDA');
    expect(card).toHaveTextContent('Nome fantasiaALFA');
    expect(within(card).getByText('ATIVA')).toHaveAttribute('data-slot', 'badge');
    expect(card).toHaveTextContent('1081302 · Torrefação e moagem de café');
    expect(card).toHaveTextContent('SAO PAULO/SP');
    expect(card).toHaveTextContent('R$ 1.500.000,50');
    expect(card).toHaveTextContent('MARIA DA SILVA · Sócio-Administrador · desde 04/05/2010');
    expect(card).toHaveTextContent('Fonte: Receita Federal (dados abertos) · consultado em');
    expect(within(card).queryByRole('alert')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Fechar dados da Receita' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('warns about a company that is not ATIVA and says what the record does not give', () => {
    render(
      <RegistryCard
        record={apiCompanyRecord({ situacao_cadastral: 'BAIXADA', capital_social: null, socios: [] })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Atenção: a situação cadastral desta empresa é BAIXADA.',
    );
    const card = screen.getByRole('region', { name: 'Dados da Receita Federal' });
    expect(card).toHaveTextContent('Capital socialNão informado');
    expect(card).toHaveTextContent('Nenhum sócio informado');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('compact: the name and CNPJ as heading, four fields, dashes for what is missing', () => {
    render(
      <RegistryCard
        compact
        record={apiCompanyRecord({ situacao_cadastral: 'BAIXADA', capital_social: null })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Dados cadastrais' });
    expect(card).toHaveTextContent('ALFA NUMERICA LTDA');
    expect(card).toHaveTextContent('12.ABC.345/01DE-35');
    expect(card).toHaveTextContent('1081302 — Torrefação e moagem de café');
    expect(card).toHaveTextContent('Capital social—');
    expect(card).toHaveTextContent('Fonte: Receita Federal · consultado em 20/11/2026');
    // The chat shows no warning, no partners and no close button.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(card).not.toHaveTextContent('MARIA DA SILVA');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
