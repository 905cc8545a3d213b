import type { Permission } from '@funil/shared';
import {
  Building2,
  ChartNoAxesColumn,
  Gauge,
  Grid3x3,
  Languages,
  LayoutDashboard,
  Layers,
  ListTodo,
  MonitorPlay,
  Settings,
  Shield,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ShellTitleKey } from './route-handle';

export type NavItem = {
  labelKey: ShellTitleKey;
  href: string;
  icon: LucideIcon;
  /** Other paths under which this entry stays highlighted (a brand's edit page under "Gerenciar marcas"). */
  activePrefixes?: readonly string[];
  /** Listed only for users with this permission: the screen is theirs alone. */
  permission?: Permission;
  /** A count shown beside the entry: the signed-in user's overdue tasks. */
  badge?: 'overdueTasks';
};

export type NavGroup = {
  id: 'brands' | 'configurations' | 'security';
  labelKey: ShellTitleKey;
  icon: LucideIcon;
  /** The first path segment of the group's pages, for the breadcrumb trail. */
  segment: string;
  items: readonly NavItem[];
};

/**
 * The menu. An entry without a permission is there for everyone (the screen itself says what a
 * role may not do); one with a permission only for the users who hold it.
 */
export const DASHBOARD_ITEM: NavItem = {
  labelKey: 'menu:dashboard',
  href: '/dashboard',
  icon: LayoutDashboard,
  activePrefixes: ['/leads'],
};

export const PROSPECTUS_ITEM: NavItem = {
  labelKey: 'menu:prospectus',
  href: '/prospecto',
  icon: Grid3x3,
};

export const REPORTS_ITEM: NavItem = {
  labelKey: 'menu:reports',
  href: '/relatorios',
  icon: ChartNoAxesColumn,
};

export const TASKS_ITEM: NavItem = {
  labelKey: 'menu:tasks',
  href: '/tarefas',
  icon: ListTodo,
  badge: 'overdueTasks',
};

/**
 * The entries above the groups, for everyone: the board, the prospectus whose quotas the board's
 * deals take, the tasks, then the reports.
 */
export const TOP_ITEMS: readonly NavItem[] = [DASHBOARD_ITEM, PROSPECTUS_ITEM, TASKS_ITEM, REPORTS_ITEM];

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'brands',
    labelKey: 'menu:brands.group',
    icon: Building2,
    segment: 'marcas',
    items: [
      {
        labelKey: 'menu:brands.manage',
        href: '/marcas/gerenciar',
        icon: Building2,
        activePrefixes: ['/marcas'],
      },
    ],
  },
  {
    id: 'configurations',
    labelKey: 'menu:configurations.group',
    icon: Settings,
    segment: 'configuracoes',
    items: [
      { labelKey: 'menu:configurations.verticals', href: '/configuracoes/verticais', icon: Layers },
      { labelKey: 'menu:configurations.quotaTypes', href: '/configuracoes/tipos-cotas', icon: Tags },
      { labelKey: 'menu:configurations.platforms', href: '/configuracoes/plataformas', icon: MonitorPlay },
      {
        labelKey: 'menu:configurations.pipeline',
        href: '/configuracoes/funil',
        icon: Gauge,
        permission: 'settings.write',
      },
      { labelKey: 'menu:configurations.language', href: '/configuracoes/idioma', icon: Languages },
    ],
  },
  {
    id: 'security',
    labelKey: 'menu:security.group',
    icon: Shield,
    segment: 'seguranca',
    items: [{ labelKey: 'menu:security.users', href: '/seguranca/usuarios', icon: Users }],
  },
];

/** The entries of a group this user may see. */
export function visibleNavItems(
  group: NavGroup,
  can: (permission: Permission) => boolean,
): readonly NavItem[] {
  return group.items.filter((item) => !item.permission || can(item.permission));
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return within(item.href) || (item.activePrefixes ?? []).some(within);
}
