import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { applySaveError } from './save-error';

type Values = { name: string; label: string };

const httpError = (status: number, body: object) => new HttpError(status, '', JSON.stringify(body));

describe('applySaveError', () => {
  it("puts each issue on the form's field of that name, and answers the server's message", () => {
    const setError = vi.fn();
    const message = applySaveError<Values>(
      httpError(400, {
        message: 'Nome deve ter no minimo 2 caracteres',
        issues: [
          { path: 'name', message: 'Nome deve ter no minimo 2 caracteres' },
          { path: 'label', message: 'Label deve ter no minimo 2 caracteres' },
          { path: 'id', message: 'Campo não permitido: id' },
        ],
      }),
      { setError, fields: ['name', 'label'] },
      'Erro ao salvar vertical',
    );
    expect(message).toBe('Nome deve ter no minimo 2 caracteres');
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Nome deve ter no minimo 2 caracteres' }],
      ['label', { type: 'server', message: 'Label deve ter no minimo 2 caracteres' }],
    ]);
  });

  it('puts a 409 on the conflict field, and only there', () => {
    const setError = vi.fn();
    applySaveError<Values>(
      httpError(409, { message: 'Já existe um registro com este nome' }),
      {
        setError,
        fields: ['name', 'label'],
        conflictField: 'name',
      },
      'x',
    );
    expect(setError).toHaveBeenCalledExactlyOnceWith('name', {
      type: 'server',
      message: 'Já existe um registro com este nome',
    });
  });

  it("answers a 403's 'Acesso negado', and the fallback when nothing readable came back", () => {
    const setError = vi.fn();
    const target = { setError, fields: ['name'] } as const;
    expect(
      applySaveError<Values>(httpError(403, { message: 'Acesso negado' }), target, 'Erro ao salvar'),
    ).toBe('Acesso negado');
    expect(
      applySaveError<Values>(new HttpError(502, 'Bad Gateway', '<html>'), target, 'Erro ao salvar'),
    ).toBe('Erro ao salvar');
    expect(applySaveError<Values>(new TypeError('Failed to fetch'), target, 'Erro ao salvar')).toBe(
      'Erro ao salvar',
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
