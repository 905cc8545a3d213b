/**
 * The stable, machine-readable code of an error's i18n key, answered beside its translated message:
 * the key without its `errors:` namespace ('errors:not_found.lead' → 'not_found.lead'); a key of
 * another namespace keeps it as the code's first part ('validation:spreadsheet.mapping_invalid' →
 * 'validation.spreadsheet.mapping_invalid'). A client tells errors apart by it, never by the text.
 */
export function errorCode(key: string): string {
  const [namespace, rest] = key.includes(':') ? key.split(':', 2) : ['errors', key];
  return namespace === 'errors' ? (rest ?? '') : `${namespace}.${rest ?? ''}`;
}

/**
 * An expected failure that services throw and the error handler turns into an HTTP answer. The
 * message is an i18n key ("errors:not_found.brand"), translated per request, so services never
 * deal with languages.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The body field the error is about: answered as an issue on it, so a form shows it there. */
  readonly field: string | undefined;

  constructor(
    statusCode: number,
    key: string,
    options: {
      params?: Record<string, unknown>;
      headers?: Record<string, string>;
      field?: string;
      cause?: unknown;
    } = {},
  ) {
    super(key, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
