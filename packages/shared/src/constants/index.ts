/** Pipeline columns, in board order: Frio, Morno, Quente, Fechado, No jurídico, Assinado, Declinado, Cancelado. */
export const CONTRACT_STATUSES = [
  'frio',
  'morno',
  'quente',
  'fechado',
  'no_juridico',
  'assinado',
  'declinado',
  'cancelado',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Roles a user may hold (docs/api.md, Roles); a user may have several. */
export const ROLES = ['admin', 'manager', 'user', 'comercial', 'sales', 'marketing', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const RECORD_STATUSES = ['active', 'inactive'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const CONTACT_FLAGS = ['principal', 'secundario'] as const;
export type ContactFlag = (typeof CONTACT_FLAGS)[number];

export const PROSPECTUS_YEARS = [2026, 2027, 2028] as const;
export type ProspectusYear = (typeof PROSPECTUS_YEARS)[number];

export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

export const CATALOGUE_PAGE_SIZES = [5, 10, 15, 20] as const;
export const BRAND_PAGE_SIZES = [10, 20, 50, 100] as const;
export const USER_PAGE_SIZES = [5, 10, 15, 20] as const;

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
export const CONTACTS_PER_BRAND_LIMIT = 100;

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_LOCKOUT_MS = 300_000;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 100;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 100;

export const TOAST_DURATION_MS = 3000;
export const FORGOT_PASSWORD_AUTO_CLOSE_MS = 3000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The AI assistant's providers: Google Gemini, or any OpenAI-compatible chat-completions endpoint. */
export const AI_PROVIDERS = ['gemini', 'openai'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
