import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { buildBreadcrumbs, type BreadcrumbSection } from './breadcrumbs';
import { DASHBOARD_ITEM, NAV_GROUPS } from './nav-items';
import { SHELL_TITLE_NAMESPACES } from './route-handle';

type AppBreadcrumbsProps = { title?: string };

export function AppBreadcrumbs({ title }: AppBreadcrumbsProps) {
  const { t } = useTranslation(SHELL_TITLE_NAMESPACES);
  const { pathname } = useLocation();

  const crumbs = useMemo(() => {
    const sections: Record<string, BreadcrumbSection> = {};
    for (const group of NAV_GROUPS) {
      const first = group.items[0];
      if (first) sections[group.segment] = { label: t(group.labelKey), href: first.href };
    }
    return buildBreadcrumbs({
      pathname,
      title,
      dashboard: { label: t(DASHBOARD_ITEM.labelKey), href: DASHBOARD_ITEM.href },
      sections,
    });
  }, [pathname, title, t]);

  return (
    <Breadcrumb aria-label={t('shell.breadcrumb')} className="min-w-0">
      <BreadcrumbList className="flex-nowrap">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={`${index}-${crumb.label}`}>
              {/* On a phone only the current page fits beside the buttons. */}
              <BreadcrumbItem className={isLast ? 'min-w-0' : 'hidden sm:inline-flex'}>
                {crumb.href && !isLast ? (
                  <BreadcrumbLink asChild>
                    <Link to={crumb.href}>{crumb.label}</Link>
                  </BreadcrumbLink>
                ) : (
                  <BreadcrumbPage className="truncate">{crumb.label}</BreadcrumbPage>
                )}
              </BreadcrumbItem>
              {!isLast && <BreadcrumbSeparator className="hidden sm:block" />}
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
