import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ReportFigures } from '../utils/report-figures';
import { displayTable, type ReportTableData } from '../utils/report-tables';

type ReportTableProps = {
  caption: string;
  data: ReportTableData;
  figures: ReportFigures;
};

/**
 * A chart's figures as a table, for reading them exactly and for screen readers: a caption, column
 * headers, and the first cell of each row as its header. Every column but the first holds numbers.
 */
export function ReportTable({ caption, data: table, figures }: ReportTableProps) {
  const data = displayTable(table, figures);
  return (
    <Table aria-label={caption}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {data.headers.map((header, index) => (
            <TableHead key={header} scope="col" className={index > 0 ? 'text-right' : undefined}>
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {row.map((cell, index) =>
              index === 0 ? (
                <TableHead key={index} scope="row" className="font-normal">
                  {cell}
                </TableHead>
              ) : (
                <TableCell key={index} className="text-right tabular-nums">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
