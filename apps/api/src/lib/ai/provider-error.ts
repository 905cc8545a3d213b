import { APICallError, RetryError } from 'ai';

/** How much of a provider's error body goes to the log. */
export const PROVIDER_ERROR_BODY_LOG_LIMIT = 500;

/**
 * The log fields of a failed provider call: its status code and (truncated) body when the provider
 * answered, the error's message otherwise. For the log only: never sent to the client.
 */
export function providerErrorDetails(error: unknown): {
  statusCode?: number;
  body?: string;
  message: string;
} {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    return {
      statusCode: cause.statusCode,
      body: cause.responseBody?.slice(0, PROVIDER_ERROR_BODY_LOG_LIMIT),
      message: cause.message.slice(0, PROVIDER_ERROR_BODY_LOG_LIMIT),
    };
  }
  return {
    message: (cause instanceof Error ? cause.message : String(cause)).slice(0, PROVIDER_ERROR_BODY_LOG_LIMIT),
  };
}
