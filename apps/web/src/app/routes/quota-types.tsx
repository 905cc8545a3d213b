import { CatalogueRoute } from './catalogue-route';

/** /configuracoes/tipos-cotas (SPEC.md §2); the shell shows the title from the route handle. */
export function QuotaTypesRoute() {
  return <CatalogueRoute resource="quotas" />;
}
