import { hasPermission } from '@funil/shared';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import {
  DASHBOARD_ITEM,
  isNavItemActive,
  NAV_GROUPS,
  TOP_ITEMS,
  type NavGroup,
  type NavItem,
  visibleNavItems,
} from './nav-items';
import { OverdueTasksBadge } from './overdue-tasks-badge';
import { SHELL_TITLE_NAMESPACES } from './route-handle';

type NavLinkProps = { item: NavItem; pathname: string; badgeCount?: number };

function NavLink({ item, pathname, badgeCount = 0 }: NavLinkProps) {
  const { t } = useTranslation(SHELL_TITLE_NAMESPACES);
  const { t: tTasks } = useTranslation('tasks');
  const { isMobile, setOpenMobile } = useSidebar();
  const isActive = isNavItemActive(item, pathname);
  const label = t(item.labelKey);
  const Icon = item.icon;
  // Collapsed to icons the count is hidden: the tooltip says it instead.
  const tooltip = badgeCount > 0 ? `${label} · ${tTasks('badge.overdue', { count: badgeCount })}` : label;

  // In the drawer, picking a page is also done with the menu.
  const handleClick = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isActive} tooltip={tooltip}>
        <Link to={item.href} aria-current={isActive ? 'page' : undefined} onClick={handleClick}>
          <Icon aria-hidden />
          <span>{label}</span>
          {item.badge === 'overdueTasks' && <OverdueTasksBadge count={badgeCount} />}
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

type GroupOpenState = Record<NavGroup['id'], boolean>;

/**
 * The main menu: Dashboard, Prospecto, Tasks (with the user's overdue count) and Reports, then three groups (nav-items.ts) that expand and collapse
 * independently; an entry reserved to a permission shows only for `roles` that hold it.
 */
export function AppSidebar({
  roles,
  overdueTasks = 0,
}: {
  roles: readonly string[] | null | undefined;
  /** The signed-in user's overdue tasks, beside "Tarefas"; nothing at zero. */
  overdueTasks?: number;
}) {
  const { t } = useTranslation(SHELL_TITLE_NAMESPACES);
  const { pathname } = useLocation();
  const { state, isMobile } = useSidebar();
  const isIconMode = state === 'collapsed' && !isMobile;
  const [openGroups, setOpenGroups] = useState<GroupOpenState>({
    brands: true,
    configurations: true,
    security: true,
  });

  return (
    <Sidebar
      collapsible="icon"
      mobileTitle={t('shell.navigation')}
      mobileDescription={t('shell.navigationDescription')}
      closeLabel={t('actions.close')}
    >
      {/* One landmark around the whole menu, logo link included: nothing on a signed-in page may
          sit outside a landmark, or screen-reader users navigating by regions miss it. */}
      <nav aria-label={t('shell.navigation')} className="flex min-h-0 flex-1 flex-col">
        <SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
          <Link
            to={DASHBOARD_ITEM.href}
            aria-label={t('appName')}
            className="flex items-center rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring group-data-[collapsible=icon]:px-0"
          >
            <Logo iconOnly={isIconMode} />
          </Link>
        </SidebarHeader>
        <SidebarContent>
          <div className="flex flex-col">
            <SidebarGroup>
              <SidebarMenu>
                {TOP_ITEMS.map((item) => (
                  <NavLink
                    key={item.href}
                    item={item}
                    pathname={pathname}
                    badgeCount={item.badge === 'overdueTasks' ? overdueTasks : 0}
                  />
                ))}
              </SidebarMenu>
            </SidebarGroup>
            {NAV_GROUPS.map((group) => ({
              group,
              items: visibleNavItems(group, (permission) => hasPermission(roles, permission)),
            }))
              .filter(({ items }) => items.length > 0)
              .map(({ group, items }) => (
                <Collapsible
                  key={group.id}
                  // Collapsed to icons, every entry must stay reachable: the groups show their icons.
                  open={isIconMode || openGroups[group.id]}
                  onOpenChange={(isOpen) => setOpenGroups((current) => ({ ...current, [group.id]: isOpen }))}
                  asChild
                >
                  <SidebarGroup className="group/collapsible py-1">
                    <SidebarGroupLabel asChild>
                      <CollapsibleTrigger
                        tabIndex={isIconMode ? -1 : undefined}
                        aria-hidden={isIconMode || undefined}
                        // Faded out over the previous group when collapsed to icons: it must not catch the pointer.
                        className="w-full tracking-wide text-sidebar-foreground/70 uppercase group-data-[collapsible=icon]:pointer-events-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
                      >
                        {t(group.labelKey)}
                        <ChevronDown
                          aria-hidden
                          className="ml-auto transition-transform duration-200 group-data-[state=closed]/collapsible:-rotate-90"
                        />
                      </CollapsibleTrigger>
                    </SidebarGroupLabel>
                    <CollapsibleContent>
                      <SidebarGroupContent>
                        <SidebarMenu>
                          {items.map((item) => (
                            <NavLink key={item.href} item={item} pathname={pathname} />
                          ))}
                        </SidebarMenu>
                      </SidebarGroupContent>
                    </CollapsibleContent>
                  </SidebarGroup>
                </Collapsible>
              ))}
          </div>
        </SidebarContent>
      </nav>
      <SidebarRail label={t('shell.toggleSidebar')} />
    </Sidebar>
  );
}
