/**
 * Whether the mail server refused a message for good: an SMTP 5xx reply (a recipient that does
 * not exist, a message it will never take), which the same message would get again. Everything
 * else — a connection refused or reset, a limit run out, a 4xx, a 503 (commands out of order) —
 * may pass on a later attempt. nodemailer marks the replies it read (`permanent`); the code itself
 * decides for an error that does not say.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { permanent, responseCode } = error as { permanent?: unknown; responseCode?: unknown };
  if (typeof permanent === 'boolean') return permanent;
  return (
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503
  );
}
