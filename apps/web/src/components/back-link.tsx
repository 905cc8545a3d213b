import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way back above a form ('Voltar ao Kanban', 'Voltar para marcas'): a quiet link with an arrow. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" asChild>
      <Link to={to}>
        <ArrowLeftIcon />
        {label}
      </Link>
    </Button>
  );
}
