import { describe, expect, it } from 'vitest';
import {
  googleSignInSchema,
  loginSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordConfirmSchema,
  resetPasswordFormSchema,
} from './auth';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from './users';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('registerSchema', () => {
  it('accepts name or full_name, trims, lower-cases the email and always yields name', () => {
    expect(
      registerSchema.parse({ full_name: '  José da Silva ', email: ' Ana@Example.COM ', password: 'secret' }),
    ).toEqual({ name: 'José da Silva', email: 'ana@example.com', password: 'secret' });
    expect(registerSchema.parse({ name: 'Ana Müller', email: 'a@b.co', password: 'secret' }).name).toBe(
      'Ana Müller',
    );
  });

  it('rejects bad names, emails and passwords with their keys', () => {
    expect(messages(registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'secret' }))).toEqual([
      'validation:auth.name_length',
    ]);
    expect(
      messages(registerSchema.safeParse({ name: 'Ana 2', email: 'a@b.co', password: 'secret' })),
    ).toEqual(['validation:auth.name_letters']);
    expect(messages(registerSchema.safeParse({ name: 'Ана', email: 'a@b.co', password: 'secret' }))).toEqual([
      'validation:auth.name_letters',
    ]);
    expect(messages(registerSchema.safeParse({ email: 'a@b.co', password: 'secret' }))).toEqual([
      'validation:auth.name_length',
    ]);
    expect(messages(registerSchema.safeParse({ name: 'Ana', email: 'nope', password: 'secret' }))).toEqual([
      'validation:auth.email_invalid',
    ]);
    expect(
      messages(
        registerSchema.safeParse({ name: 'Ana', email: `${'a'.repeat(95)}@b.com`, password: 'secret' }),
      ),
    ).toEqual(['validation:auth.email_max']);
    expect(messages(registerSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: '12345' }))).toEqual([
      'validation:auth.password_min',
    ]);
    expect(
      messages(registerSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: 'x'.repeat(101) })),
    ).toEqual(['validation:auth.password_max']);
  });

  it('rejects unknown fields and unknown roles', () => {
    expect(
      registerSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: 'secret', id: 'x' }).success,
    ).toBe(false);
    expect(
      messages(
        registerSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: 'secret', roles: ['root'] }),
      ),
    ).toEqual(['validation:users.role_invalid']);
  });
});

describe('form schemas', () => {
  it('puts a password mismatch on confirmPassword', () => {
    const result = registerFormSchema.safeParse({
      full_name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'validation:auth.password_mismatch' }),
    ]);
    expect(
      resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success,
    ).toBe(true);
    expect(
      resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'x' }).error?.issues[0]?.path,
    ).toEqual(['confirmPassword']);
  });
});

describe('other auth inputs', () => {
  it('login needs a password but not a long one', () => {
    expect(loginSchema.parse({ email: 'A@B.co', password: '1' })).toEqual({ email: 'a@b.co', password: '1' });
    expect(messages(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual([
      'validation:auth.password_required',
    ]);
  });

  it('reset confirm and Google sign-in require their fields', () => {
    expect(messages(resetPasswordConfirmSchema.safeParse({ token: ' ', password: 'secret' }))).toEqual([
      'validation:auth.token_required',
    ]);
    expect(
      messages(googleSignInSchema.safeParse({ code: '', redirect_uri: 'http://x/auth/callback' })),
    ).toEqual(['validation:auth.code_required']);
    expect(messages(googleSignInSchema.safeParse({ code: 'c', redirect_uri: 'nope' }))).toEqual([
      'validation:auth.redirect_uri_invalid',
    ]);
  });
});

describe('user schemas', () => {
  it('create needs at least one known role and defaults isActive to true', () => {
    expect(
      userCreateSchema.parse({ name: 'Ana', email: 'a@b.co', password: 'secret', roles: ['admin', 'admin'] }),
    ).toEqual({ name: 'Ana', email: 'a@b.co', password: 'secret', roles: ['admin'], isActive: true });
    expect(
      messages(userCreateSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: 'secret', roles: [] })),
    ).toEqual(['validation:users.roles_min']);
  });

  it('update refuses email and treats an empty password as unchanged', () => {
    expect(userUpdateSchema.safeParse({ email: 'x@y.co' }).error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(userUpdateSchema.parse({ password: '', isActive: false })).toEqual({ isActive: false });
    expect(messages(userUpdateSchema.safeParse({ password: '123' }))).toEqual([
      'validation:auth.password_min',
    ]);
  });

  it('list query: optional paging, known roles, sort fields and booleans', () => {
    expect(userListQuerySchema.parse({})).toEqual({});
    expect(
      userListQuerySchema.parse({ role: 'manager', isActive: 'false', sort: 'email', page: '2' }),
    ).toEqual({
      role: 'manager',
      isActive: false,
      sort: 'email',
      page: 2,
    });
    expect(userListQuerySchema.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ role: 'root' }).success).toBe(false);
  });
});
