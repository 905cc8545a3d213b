import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

const dashboard = { label: 'Dashboard', href: '/dashboard' };
const sections = {
  configuracoes: { label: 'Configurações', href: '/configuracoes/verticais' },
  marcas: { label: 'Marcas', href: '/marcas/gerenciar' },
};

describe('buildBreadcrumbs', () => {
  it('is Dashboard alone, not a link, on the dashboard itself', () => {
    expect(buildBreadcrumbs({ pathname: '/dashboard', dashboard, title: 'Pipeline', sections })).toEqual([
      { label: 'Dashboard' },
    ]);
    expect(buildBreadcrumbs({ pathname: '/dashboard/', dashboard, sections })).toEqual([
      { label: 'Dashboard' },
    ]);
  });

  it('starts with Dashboard, links the section to a real page, and ends with the page title', () => {
    expect(
      buildBreadcrumbs({
        pathname: '/configuracoes/tipos-cotas',
        dashboard,
        title: 'Tipos de Cotas',
        sections,
      }),
    ).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Configurações', href: '/configuracoes/verticais' },
      { label: 'Tipos de Cotas' },
    ]);
  });

  it('skips the middle segments of a deep route (no crumb for /marcas/editar, a path that is no page)', () => {
    expect(
      buildBreadcrumbs({ pathname: '/marcas/editar/42', dashboard, title: 'Editar Marca', sections }),
    ).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Marcas', href: '/marcas/gerenciar' },
      { label: 'Editar Marca' },
    ]);
  });

  it('falls back to the last path segment, readable, when the page has no title', () => {
    expect(buildBreadcrumbs({ pathname: '/leads/editar/relat%C3%B3rio-anual', dashboard, sections })).toEqual(
      [{ label: 'Dashboard', href: '/dashboard' }, { label: 'Relatório anual' }],
    );
    expect(buildBreadcrumbs({ pathname: '/relatorios', dashboard, title: '  ' })).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Relatorios' },
    ]);
  });

  it('shows a malformed escape as it came instead of throwing', () => {
    expect(buildBreadcrumbs({ pathname: '/x/%E0%A4%A', dashboard }).at(-1)).toEqual({ label: '%E0%A4%A' });
  });
});
