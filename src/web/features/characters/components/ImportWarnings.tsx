import { TriangleAlert } from 'lucide-react';

/** What reading an imported card found (fields over our limits, a newer format…), plainly. */
export function ImportWarnings({ warnings }: { warnings: string[] }) {
  return (
    <div
      role="status"
      aria-labelledby="import-warnings-title"
      className="rounded-xl border border-warning bg-main p-4 text-sm"
    >
      <p id="import-warnings-title" className="flex items-center gap-2 font-semibold text-fg">
        <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden />
        Check before you create
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-fg">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
