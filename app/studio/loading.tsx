export default function StudioLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading the studio…</span>
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]" aria-hidden="true">
        <div className="h-96 animate-pulse rounded-lg bg-slate-200/70" />
        <div className="h-96 animate-pulse rounded-lg bg-slate-200/70" />
      </div>
    </div>
  );
}
