import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '../constants';

// Messages are i18n keys (validation namespace); the API answers them in pt-BR by default.

/** Letters of the Latin script (accented ones included) and spaces: "José da Silva", "Ana Müller". */
const NAME_PATTERN = /^(?:(?=\p{Script=Latin})\p{L}| )+$/u;

/** A person's name: trimmed, 2 to 100, letters and spaces only. */
export const personNameSchema = z
  .string('validation:auth.name_length')
  .trim()
  .min(NAME_MIN_LENGTH, 'validation:auth.name_length')
  .max(NAME_MAX_LENGTH, 'validation:auth.name_length')
  .regex(NAME_PATTERN, 'validation:auth.name_letters');

/** Trimmed, stored lower-case, valid, at most 100. */
export const emailSchema = z
  .string('validation:auth.email_invalid')
  .trim()
  .toLowerCase()
  .pipe(z.email('validation:auth.email_invalid').max(EMAIL_MAX_LENGTH, 'validation:auth.email_max'));

/** Passwords are taken as typed (never trimmed: a space may be part of one), 6 to 100. */
export const passwordSchema = z
  .string('validation:auth.password_min')
  .min(PASSWORD_MIN_LENGTH, 'validation:auth.password_min')
  .max(PASSWORD_MAX_LENGTH, 'validation:auth.password_max');

export const roleSchema = z.enum(ROLES, 'validation:users.role_invalid');

/** At least one role, duplicates dropped. */
export const rolesSchema = z
  .array(roleSchema, 'validation:users.roles_min')
  .min(1, 'validation:users.roles_min')
  .transform((roles) => [...new Set(roles)]);

export const loginSchema = z.strictObject({
  email: emailSchema,
  // Login checks only presence and the upper bound: an old, shorter password must still be typed in.
  password: z
    .string('validation:auth.password_required')
    .min(1, 'validation:auth.password_required')
    .max(PASSWORD_MAX_LENGTH, 'validation:auth.password_max'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /api/auth/register. The screen sends `full_name`, older clients `name`; either is accepted
 * and the result always has `name`. `roles` is accepted only from a signed-in admin (the route
 * checks that; the schema only shapes it).
 */
export const registerSchema = z
  .strictObject({
    name: personNameSchema.optional(),
    full_name: personNameSchema.optional(),
    email: emailSchema,
    password: passwordSchema,
    roles: rolesSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.name === undefined && value.full_name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation:auth.name_length' });
    }
  })
  .transform(({ name, full_name: fullName, ...rest }) => ({ ...rest, name: name ?? fullName ?? '' }));
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

const confirmPasswordSchema = z.string('validation:auth.password_mismatch');

/** The registration screen: `confirmPassword` must equal `password` (error on confirmPassword). */
export const registerFormSchema = z
  .object({
    full_name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation:auth.password_mismatch',
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordConfirmSchema = z.strictObject({
  token: z.string('validation:auth.token_required').trim().min(1, 'validation:auth.token_required').max(200),
  password: passwordSchema,
});
export type ResetPasswordConfirmInput = z.infer<typeof resetPasswordConfirmSchema>;

/** The /redefinir-senha screen (the token comes from the link, not from a field). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation:auth.password_mismatch',
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

export const googleSignInSchema = z.strictObject({
  code: z.string('validation:auth.code_required').trim().min(1, 'validation:auth.code_required').max(4096),
  redirect_uri: z
    .string('validation:auth.redirect_uri_invalid')
    .trim()
    .pipe(z.url('validation:auth.redirect_uri_invalid')),
});
export type GoogleSignInInput = z.infer<typeof googleSignInSchema>;

/** GET /api/auth/google/config; `client_id` and `authorize_url` are null while disabled. */
export const googleConfigResponseSchema = z.object({
  enabled: z.boolean(),
  client_id: z.string().nullable(),
  authorize_url: z.string().nullable(),
});
export type GoogleConfigResponse = z.infer<typeof googleConfigResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * `GET /api/auth/setup` (public): whether the installation has been claimed. While no account
 * exists, the login page says that the first account registered becomes the administrator.
 */
export const setupStatusResponseSchema = z.object({ has_users: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponseSchema>;
