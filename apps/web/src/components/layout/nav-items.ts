import {
  Building2,
  Languages,
  LayoutDashboard,
  Layers,
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
};

export type NavGroup = {
  id: 'brands' | 'configurations' | 'security';
  labelKey: ShellTitleKey;
  icon: LucideIcon;
  /** The first path segment of the group's pages, for the breadcrumb trail. */
  segment: string;
  items: readonly NavItem[];
};

/** The menu, the same for every user (a screen itself says what a role may not do). */
export const DASHBOARD_ITEM: NavItem = {
  labelKey: 'menu:dashboard',
  href: '/dashboard',
  icon: LayoutDashboard,
  activePrefixes: ['/leads'],
};

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

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return within(item.href) || (item.activePrefixes ?? []).some(within);
}
