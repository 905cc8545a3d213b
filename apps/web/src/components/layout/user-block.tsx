import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { HeaderIconButton } from './header-icon-button';
import { getDisplayName, getInitials, type ShellUser } from './user-display';

type UserBlockProps = {
  user: ShellUser | null;
  onLogout: () => void;
};

/** The header's user block: avatar (image or initials), name ('Usuário' when unknown), email, and logout. */
export function UserBlock({ user, onLogout }: UserBlockProps) {
  const { t } = useTranslation();
  const name = getDisplayName(user, t('shell.userFallback'));
  const avatarUrl = user?.avatar_url?.trim();

  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="user-block">
      <Avatar className="size-8">
        {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
        <AvatarFallback className="bg-primary text-primary-foreground" aria-hidden>
          {getInitials(name)}
        </AvatarFallback>
      </Avatar>
      <div className="hidden min-w-0 flex-col leading-tight md:flex">
        <span className="max-w-44 truncate text-sm font-medium" title={name}>
          {name}
        </span>
        {user?.email && (
          <span className="max-w-44 truncate text-xs text-muted-foreground" title={user.email}>
            {user.email}
          </span>
        )}
      </div>
      {/* The name is hidden on small screens; screen readers still get it. */}
      <span className="sr-only md:hidden">{user?.email ? `${name}, ${user.email}` : name}</span>
      <HeaderIconButton label={t('shell.logout')} onClick={onLogout}>
        <LogOut aria-hidden />
      </HeaderIconButton>
    </div>
  );
}
