import type { FeedbackList } from '../../../../shared/reports/contract';

/** Ups and downs per model and per day (the days with any), as two small tables. */
export function FeedbackCounts({
  byModel,
  byDay,
}: {
  byModel: FeedbackList['byModel'];
  byDay: FeedbackList['byDay'];
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CountTable
        title="Per model"
        head="Model"
        rows={byModel.map((m) => ({ key: m.model ?? 'Unknown model', up: m.up, down: m.down }))}
      />
      <CountTable
        title="Per day with ratings (UTC)"
        head="Day"
        rows={byDay
          .filter((d) => d.up + d.down > 0)
          .map((d) => ({ key: d.day, up: d.up, down: d.down }))}
      />
    </div>
  );
}

function CountTable({
  title,
  head,
  rows,
}: {
  title: string;
  head: string;
  rows: { key: string; up: number; down: number }[];
}) {
  return (
    <div className="min-w-0">
      <h3 className="font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing yet.</p>
      ) : (
        <table aria-label={`Feedback ${title.toLowerCase()}`} className="mt-2 w-full text-sm">
          <thead className="text-left text-muted">
            <tr>
              <th className="py-1 font-medium">{head}</th>
              <th className="py-1 text-right font-medium">Up</th>
              <th className="py-1 text-right font-medium">Down</th>
              <th className="py-1 text-right font-medium">Down share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-border">
                <td className="py-1 break-all">{r.key}</td>
                <td className="py-1 text-right">{r.up}</td>
                <td className="py-1 text-right">{r.down}</td>
                <td className="py-1 text-right">
                  {r.up + r.down ? `${Math.round((100 * r.down) / (r.up + r.down))}%` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
