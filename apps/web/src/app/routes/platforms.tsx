import { CatalogueRoute } from './catalogue-route';

/** /configuracoes/plataformas; the shell shows the title from the route handle. */
export function PlatformsRoute() {
  return <CatalogueRoute resource="platforms" />;
}
