import type { Metadata } from "next";
import Link from "next/link";
import { ModeBadge, SESSION_STATUS_LABELS, SessionStatusBadge } from "@/components/dashboard/badges";
import { FilterInput } from "@/components/dashboard/filter-input";
import { FilterSelect } from "@/components/dashboard/filter-select";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { listDashboardSessions } from "@/lib/verification/dashboard/list-dashboard-sessions";
import { pageHref } from "@/lib/platform/paging/page-href";
import { sessionSearchFilter } from "@/lib/verification/dashboard/parse-session-search";
import { sessionsQuerySchema } from "@/lib/edge/dashboard/schemas";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { sessionStatuses } from "@/lib/verification/schemas";

export const metadata: Metadata = { title: "Sessions" };

const sessionsHref = (
  filter: { status?: string; mode?: string; q?: string; from?: string; to?: string },
  trail: string[],
) => pageHref("/dashboard/sessions", { ...filter, c: trail });

export default async function SessionsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { c: trail, ...filter } = sessionsQuerySchema.parse(await searchParams);
  const user = await requireDashboardUser(sessionsHref(filter, trail));
  const search = sessionSearchFilter(filter);
  const result = await listDashboardSessions({
    orgId: user.orgId,
    status: filter.status,
    mode: filter.mode,
    ...search.filter,
    trail,
  });
  const filtered = Boolean(filter.status || filter.mode || filter.q || filter.from || filter.to);

  return (
    <>
      <PageHeader
        title="Sessions"
        description="Verification sessions created with your API keys, newest first. Open one to see its outcome, events and webhook deliveries."
      />
      <Card aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="sr-only">
          Session list
        </h2>
        {/* Keyed by the filter: the selects are uncontrolled, so moving to another filter by a link
            (Clear filters, the navigation) must remount them to show what is applied. */}
        <form
          key={`${filter.status ?? ""}:${filter.mode ?? ""}:${filter.q ?? ""}:${filter.from ?? ""}:${filter.to ?? ""}`}
          method="get"
          action="/dashboard/sessions"
          role="search"
          aria-label="Sessions"
          className="flex flex-wrap items-start gap-3 border-b border-slate-200 px-4 py-3 sm:px-5"
        >
          <FilterInput
            id="search-q"
            name="q"
            type="search"
            label="Search"
            defaultValue={filter.q ?? ""}
            placeholder="vs_… or order:1003"
            hint="A session id, or metadata as key:value."
            error={search.errors.q}
            autoFocusError
            maxLength={600}
            className="w-full sm:w-72"
          />
          <FilterSelect
            id="filter-status"
            name="status"
            label="Status"
            defaultValue={filter.status ?? ""}
            className="w-40"
          >
            <option value="">All statuses</option>
            {sessionStatuses.map((s) => (
              <option key={s} value={s}>
                {SESSION_STATUS_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect id="filter-mode" name="mode" label="Mode" defaultValue={filter.mode ?? ""} className="w-32">
            <option value="">Both modes</option>
            <option value="test">Test</option>
            <option value="live">Live</option>
          </FilterSelect>
          <FilterInput
            id="filter-from"
            name="from"
            type="date"
            label="Created from (UTC)"
            defaultValue={filter.from ?? ""}
            error={search.errors.from}
            autoFocusError={!search.errors.q}
            className="w-40"
          />
          <FilterInput
            id="filter-to"
            name="to"
            type="date"
            label="Created to (UTC)"
            defaultValue={filter.to ?? ""}
            error={search.errors.to}
            autoFocusError={!search.errors.q && !search.errors.from}
            className="w-40"
          />
          <div className="flex items-center gap-3 sm:pt-5">
            <Button type="submit" variant="secondary">
              Apply filters
            </Button>
            {filtered ? (
              <Link href="/dashboard/sessions" className="py-2 text-sm text-indigo-700 underline underline-offset-2">
                Clear filters
              </Link>
            ) : null}
          </div>
        </form>

        {!result.ok ? (
          <div className="p-4 sm:p-5">
            <Alert tone="warning" title="This page link has expired">
              Page links stay valid for 24 hours.{" "}
              <Link href={sessionsHref(filter, [])} className="font-medium underline underline-offset-2">
                Go to the newest sessions
              </Link>
              .
            </Alert>
          </div>
        ) : result.sessions.length === 0 ? (
          filtered || trail.length > 0 ? (
            <EmptyState
              title="No sessions match these filters"
              action={
                <ButtonLink href="/dashboard/sessions" variant="secondary" size="sm">
                  Show all sessions
                </ButtonLink>
              }
            />
          ) : (
            <EmptyState
              title="No sessions yet"
              description={
                <>
                  Create one from your backend with{" "}
                  <code className="rounded bg-slate-100 px-1">POST /v1/verification-sessions</code> and a test key; it
                  appears here at once.
                </>
              }
              action={
                <ButtonLink href="/docs" variant="secondary" size="sm">
                  Open the API reference
                </ButtonLink>
              }
            />
          )
        ) : (
          <>
            <Table label={`Sessions, page ${result.pageNumber}`}>
              <THead>
                <tr>
                  <Th>Session</Th>
                  <Th>Status</Th>
                  <Th className="hidden sm:table-cell">Mode</Th>
                  <Th className="hidden md:table-cell">Age</Th>
                  <Th className="hidden lg:table-cell">Outcome</Th>
                  <Th className="hidden sm:table-cell">Created</Th>
                </tr>
              </THead>
              <TBody>
                {result.sessions.map((s) => (
                  <Tr key={s.id}>
                    <Td>
                      <Link
                        href={`/dashboard/sessions/${s.id}`}
                        className="font-mono text-xs text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {s.id}
                      </Link>
                      {Object.keys(s.metadata).length ? (
                        <p className="mt-0.5 max-w-56 truncate text-xs text-slate-500">
                          {Object.entries(s.metadata)
                            .slice(0, 2)
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(" · ")}
                        </p>
                      ) : null}
                      <p className="mt-1 flex items-center gap-2 text-xs text-slate-600 sm:hidden">
                        <ModeBadge mode={s.mode} /> <DateTime value={s.created_at} />
                      </p>
                    </Td>
                    <Td>
                      <SessionStatusBadge status={s.status} />
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <ModeBadge mode={s.mode} />
                    </Td>
                    <Td className="hidden tabular-nums md:table-cell">{s.required_age}+</Td>
                    <Td className="hidden text-xs lg:table-cell">
                      {s.outcome
                        ? `${s.outcome.result} · ${s.outcome.method.replace("_", " ")} · ${s.outcome.confidence}`
                        : "—"}
                    </Td>
                    <Td className="hidden text-xs whitespace-nowrap sm:table-cell">
                      <DateTime value={s.created_at} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Pager
              summary={`Page ${result.pageNumber}`}
              newerHref={result.newerTrail && sessionsHref(filter, result.newerTrail)}
              olderHref={result.olderTrail && sessionsHref(filter, result.olderTrail)}
            />
          </>
        )}
      </Card>
    </>
  );
}
