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

  constructor(
    statusCode: number,
    key: string,
    options: { params?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(key, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
