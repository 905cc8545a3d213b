/** A practical shape check for the forms; the server's zod `email()` has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
