export function PageLoader() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-2 border-accent border-t-transparent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
