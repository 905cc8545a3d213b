import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { OptionSelectField } from './option-select-field';
import { RecordStatusField } from './record-status-field';

type Values = { executive: string | null; status: 'active' | 'inactive' };

const EXECUTIVES = [
  { value: 'u1', label: 'Ana' },
  { value: 'u2', label: 'Bruno' },
];

function Form({ initial, onValues }: { initial: Values; onValues: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: initial });
  return (
    <form onSubmit={handleSubmit(onValues)}>
      <OptionSelectField
        id="executive"
        label="Executivo"
        control={control}
        name="executive"
        options={EXECUTIVES}
        placeholder="Sem executivo"
        noneLabel="Sem executivo"
        error="Escolha um executivo"
      />
      <RecordStatusField id="status" label="Status" control={control} name="status" />
      <button type="submit">Salvar</button>
    </form>
  );
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('OptionSelectField', () => {
  it("shows the field's option, is described by its error, and holds the chosen option's value", async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Form initial={{ executive: 'u1', status: 'active' }} onValues={onValues} />);
    const select = screen.getByRole('combobox', { name: 'Executivo' });
    expect(select).toHaveTextContent('Ana');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Escolha um executivo');

    await choose(user, 'Executivo', 'Bruno');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onValues).toHaveBeenLastCalledWith({ executive: 'u2', status: 'active' }, expect.anything());
  });

  it('empties the field to null through the "none" option', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Form initial={{ executive: 'u1', status: 'active' }} onValues={onValues} />);
    await choose(user, 'Executivo', 'Sem executivo');
    expect(screen.getByRole('combobox', { name: 'Executivo' })).toHaveTextContent('Sem executivo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onValues).toHaveBeenLastCalledWith({ executive: null, status: 'active' }, expect.anything());
  });
});

describe('RecordStatusField', () => {
  it('offers Ativo and Inativo and holds the status', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Form initial={{ executive: null, status: 'active' }} onValues={onValues} />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Ativo');
    await choose(user, 'Status', 'Inativo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onValues).toHaveBeenLastCalledWith({ executive: null, status: 'inactive' }, expect.anything());
  });
});
