import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import type { App } from '../app';
import { runUserCreate } from './user-create-command';

describe('user:create', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const run = async (argv: string[], password = 'segredo1') => {
    const lines: string[] = [];
    let asked = 0;
    await runUserCreate(app.db, argv, {
      readPassword: async () => {
        asked += 1;
        return password;
      },
      out: (line) => lines.push(line),
    });
    return { lines, asked };
  };

  it('creates a user with roles; the account signs in', async () => {
    const { lines, asked } = await run([
      '--email',
      'Ana@B.co',
      '--name',
      'Ana Souza',
      '--roles',
      'admin,comercial',
    ]);
    expect(asked).toBe(1);
    expect(lines[0]).toMatch(/^Created user ana@b\.co \(Ana Souza\), roles: admin, comercial, active, id /);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@b.co', password: 'segredo1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.roles).toEqual(['admin', 'comercial']);
  });

  it('takes --password without asking', async () => {
    const { asked } = await run([
      '--email',
      'bia@b.co',
      '--name',
      'Bia',
      '--roles',
      'user',
      '--password',
      'outra123',
    ]);
    expect(asked).toBe(0);
  });

  it('explains bad input and taken emails', async () => {
    await expect(run(['--email', 'x@b.co'])).rejects.toThrow(/Missing --name, --roles/);
    await expect(run(['--email', 'x@b.co', '--name', 'X', '--roles', 'root'])).rejects.toThrow(
      /--name: Nome deve ter entre 2 e 100 caracteres\n {2}--roles: Perfil inválido/,
    );
    await expect(run(['--email', 'ana@b.co', '--name', 'Ana Outra', '--roles', 'user'])).rejects.toThrow(
      'Email já cadastrado',
    );
    await expect(run(['--bogus'])).rejects.toThrow(/Unknown option/);
  });
});
