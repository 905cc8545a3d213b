import { CatalogueRoute } from './catalogue-route';

/** /configuracoes/plataformas (SPEC.md §2); the shell shows the title from the route handle. */
export function PlatformsRoute() {
  return <CatalogueRoute resource="platforms" />;
}
