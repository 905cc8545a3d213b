import { CatalogueRoute } from './catalogue-route';

/** /configuracoes/verticais; the shell shows the title from the route handle. */
export function VerticalsRoute() {
  return <CatalogueRoute resource="verticals" />;
}
