import { CatalogueRoute } from './catalogue-route';

/** /configuracoes/tipos-cotas; the shell shows the title from the route handle. */
export function QuotaTypesRoute() {
  return <CatalogueRoute resource="quotas" />;
}
