import { Badge } from '@/components/ui/badge';

/** INAPTA and SUSPENSA can be set right with the Receita Federal: a warning, not a dead end. */
const WARNING_SITUATIONS = new Set(['INAPTA', 'SUSPENSA']);
const WARNING_CLASSES =
  'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100';

/**
 * A company's situação cadastral, coloured the same on every screen: ATIVA green, INAPTA and
 * SUSPENSA amber, BAIXADA, NULA and anything else red.
 */
export function CompanySituationBadge({ situation }: { situation: string }) {
  const upper = situation.toUpperCase();
  if (upper === 'ATIVA') return <Badge variant="success">{situation}</Badge>;
  if (WARNING_SITUATIONS.has(upper)) return <Badge className={WARNING_CLASSES}>{situation}</Badge>;
  return <Badge variant="destructive">{situation}</Badge>;
}
