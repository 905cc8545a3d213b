import type { ReactNode } from 'react';

type DataTableStatePanelProps = {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  role?: 'alert';
};

/** What the table shows instead of rows: an error, an empty list, a search with no result. */
export function DataTableStatePanel({ icon, title, description, action, role }: DataTableStatePanelProps) {
  return (
    <div
      role={role}
      className="flex min-h-60 flex-col items-center justify-center gap-3 px-4 py-10 text-center"
    >
      {icon}
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
