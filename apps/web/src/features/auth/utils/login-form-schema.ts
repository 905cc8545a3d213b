import { emailSchema, passwordSchema } from '@funil/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/**
 * The login form asks for a valid email and a password of 6 to 100 characters. Built from the
 * shared pieces, so the messages read the same as the API's. (The API's own loginSchema only asks
 * for a password, so that an old shorter one can still be typed; the screen is stricter.)
 * A module of its own: the form fetches it (and zod with it) when first focused, not with the page.
 */
const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema, rememberMe: z.boolean() });

export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

export const loginFormResolver = zodResolver(loginFormSchema);
