/** The user as the shell needs it; the name may come as `full_name` or as `name`. */
export type ShellUser = {
  name?: string | null;
  full_name?: string | null;
  email: string;
  avatar_url?: string | null;
  /** The user's roles: the menu lists the screens a permission reserves only to those who hold it. */
  roles?: readonly string[] | null;
};

/** An avatar without a picture shows the first letters of the name's first words, upper-cased, at most 2. */
export const MAX_INITIALS = 2;

export function getInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_INITIALS)
    .map((word) => (Array.from(word)[0] ?? '').toLocaleUpperCase('pt-BR'))
    .join('');
}

/** full_name first, then name, then the fallback ('Usuário'). */
export function getDisplayName(user: Pick<ShellUser, 'name' | 'full_name'> | null, fallback: string): string {
  return user?.full_name?.trim() || user?.name?.trim() || fallback;
}
