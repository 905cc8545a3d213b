import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { ReportFigures } from '../utils/report-figures';
import type { ReportTableData } from '../utils/report-tables';
import { ExportCsvButton } from './export-csv-button';
import { ReportTable } from './report-table';

type ReportSectionProps = {
  title: string;
  description?: string;
  /** The chart; the same figures follow in the table. */
  chart: ReactNode;
  table: ReportTableData;
  figures: ReportFigures;
  /** The exported file's name, without `.csv`. */
  fileName: string;
};

/** One of the report's charts, then its figures as a table that can be exported as CSV. */
export function ReportSection({ title, description, chart, table, figures, fileName }: ReportSectionProps) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="grid gap-1.5">
          <h2 id={headingId} className="leading-none font-semibold">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <ExportCsvButton data={table} fileName={fileName} tableName={title} />
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {chart}
        <ReportTable caption={title} data={table} figures={figures} />
      </CardContent>
    </Card>
  );
}
