import { Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * One chart with what it shows in words (its text alternative, read out and shown), and its
 * numbers one click away as a table; `onDownload` adds the table's CSV.
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  onDownload,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  onDownload?: () => void;
}) {
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-3 rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-bold">
          {title}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="h-11 sm:h-9"
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 className="size-4" aria-hidden />
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
          {onDownload && (
            <Button variant="secondary" className="h-11 sm:h-9" onClick={onDownload}>
              <Download className="size-4" aria-hidden />
              Download CSV
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-summary`} className="text-sm text-muted">
        {summary}
      </p>
      <div role="img" aria-labelledby={`${id}-title ${id}-summary`} className="h-64 w-full">
        {chart}
      </div>
      <div id={`${id}-table`} hidden={!showTable} className="overflow-x-auto">
        {showTable && table}
      </div>
    </section>
  );
}

/** A plain table of numbers: the first column names the row, the others are right-aligned. */
export function NumberTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-muted">
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={`px-2 py-2 font-medium ${i ? 'text-right' : 'text-left'}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-border last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th
                  key={i}
                  scope="row"
                  className="px-2 py-1.5 text-left font-normal whitespace-nowrap"
                >
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
