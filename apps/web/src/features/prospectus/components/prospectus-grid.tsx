import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offering } from '@/api/offerings';
import { useCountFormat } from '../hooks/use-count-format';
import type { GridColumn, GridSection, ProspectusGrid as Grid } from '../utils/prospectus-grid';
import { OfferingCell } from './offering-cell';

type SectionProps = {
  section: GridSection;
  columns: readonly GridColumn[];
  onOpen: (offering: Offering) => void;
};

/**
 * One section of the grid (the national offerings, or one praça's) as a table: a row per vertical
 * and platform, a column per quota type. The table scrolls sideways inside its own box, its row
 * headers pinned, so a narrow screen never scrolls the page.
 */
function ProspectusSection({ section, columns, onOpen }: SectionProps) {
  const { t } = useTranslation('prospectus');
  const count = useCountFormat();
  const headingId = useId();
  const name = section.franchise ?? t('grid.national');
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b px-4 py-3">
        <h2 id={headingId} className="font-semibold">
          {name}
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums">
          {t('grid.sectionTotals', {
            available: count(section.available),
            quantity: count(section.quantity),
          })}
        </p>
      </div>
      {/* Relative: the cells' hidden words (sr-only, absolutely placed) are clipped with the table
          instead of widening the page beyond a phone's screen. */}
      <div className="relative overflow-x-auto">
        <table aria-labelledby={headingId} className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-card px-3 py-2 text-left text-xs font-medium text-muted-foreground"
              >
                {t('grid.rowHeader')}
              </th>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className="max-w-44 min-w-28 px-1.5 py-2 text-center align-bottom text-xs font-medium text-balance"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.key}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-40 border-t bg-card px-3 py-1.5 text-left align-middle font-normal sm:max-w-56"
                >
                  <span className="block truncate font-medium" title={row.vertical.label}>
                    {row.vertical.label}
                  </span>{' '}
                  <span className="block truncate text-xs text-muted-foreground" title={row.platform.label}>
                    {row.platform.label}
                  </span>
                </th>
                {row.cells.map((offering, index) => (
                  <td key={columns[index]!.id} className="border-t px-1.5 py-1.5 align-middle">
                    {offering ? (
                      <OfferingCell offering={offering} section={name} onOpen={onOpen} />
                    ) : (
                      <span className="flex min-h-14 items-center justify-center text-muted-foreground">
                        <span aria-hidden>—</span>
                        <span className="sr-only">{t('grid.none')}</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type ProspectusGridProps = {
  grid: Grid;
  onOpen: (offering: Offering) => void;
};

/** The year's offerings: the national section first, then one per praça. */
export function ProspectusGrid({ grid, onOpen }: ProspectusGridProps) {
  return (
    <div className="grid min-w-0 gap-4">
      {grid.sections.map((section) => (
        <ProspectusSection
          key={section.franchise ?? ''}
          section={section}
          columns={grid.columns}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}
