import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { UsageCard } from "@/components/dashboard/usage-card";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { CardBody, TitledCard } from "@/components/ui/card";
import { getOverview } from "@/lib/verification/dashboard/overview";
import { overviewQuerySchema } from "@/lib/edge/dashboard/schemas";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { ROLE_LABELS } from "@/lib/account/teams/roles";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Overview" };

function Stat({ label, value, href, detail }: { label: string; value: number; href: string; detail?: string }) {
  return (
    <Link
      href={href}
      className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-semibold tabular-nums text-slate-900">{value}</span>
      {detail ? <span className="mt-0.5 block text-xs text-slate-600">{detail}</span> : null}
    </Link>
  );
}

export default async function OverviewPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireDashboardUser("/dashboard");
  const [overview, { welcome, joined, left }] = await Promise.all([
    getOverview(user.orgId),
    searchParams.then((p) => overviewQuerySchema.parse(p)),
  ]);
  const hasKey = overview.keys.test + overview.keys.live > 0;
  const gettingStarted = !hasKey || overview.endpoints === 0;

  return (
    <>
      <PageHeader
        title="Overview"
        description={`Age verification for ${user.orgName}: usage right now and the last 24 hours.`}
      />
      <div className="space-y-6">
        {welcome ? (
          <Alert tone="success" title={`Welcome to Voiceage, ${user.name ?? user.email}.`}>
            Your organisation {user.orgName} is ready. Start in test mode: nothing is billed and outcomes are simulated.
          </Alert>
        ) : null}
        {joined ? (
          <Alert tone="success" title={`You joined ${user.orgName}.`}>
            You are {user.role === "developer" ? "a" : "an"} {ROLE_LABELS[user.role].toLowerCase()} here.
            {user.organizations.length > 1 ? " Switch organisations from the name at the top of the page." : null}
          </Alert>
        ) : null}

        {left ? (
          <Alert tone="success" title="You left the organisation.">
            The dashboard now shows {user.orgName}, where you are {user.role === "developer" ? "a" : "an"}{" "}
            {ROLE_LABELS[user.role].toLowerCase()}.
          </Alert>
        ) : null}

        {gettingStarted ? (
          <TitledCard id="start-title" title="Get started" description="Three steps to your first verified session.">
            <CardBody>
              <ol className="space-y-3 text-sm">
                <li className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <strong className="font-medium">1. Create a test API key</strong>{" "}
                    <span className="text-slate-600">{hasKey ? "— done" : "to call the API from your backend."}</span>
                  </span>
                  {!hasKey ? (
                    <ButtonLink href="/dashboard/api-keys" size="sm">
                      Create key
                    </ButtonLink>
                  ) : null}
                </li>
                <li className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <strong className="font-medium">2. Add a webhook endpoint</strong>{" "}
                    <span className="text-slate-600">
                      {overview.endpoints > 0 ? "— done" : "to learn outcomes from signed events."}
                    </span>
                  </span>
                  {overview.endpoints === 0 ? (
                    <ButtonLink href="/dashboard/webhooks" size="sm" variant="secondary">
                      Add endpoint
                    </ButtonLink>
                  ) : null}
                </li>
                <li>
                  <strong className="font-medium">3. Create a session</strong>{" "}
                  <span className="text-slate-600">
                    with <code className="rounded bg-slate-100 px-1">POST /v1/verification-sessions</code>; see the{" "}
                    <Link href="/docs" className="text-indigo-700 underline underline-offset-2">
                      API reference
                    </Link>
                    .
                  </span>
                </li>
              </ol>
            </CardBody>
          </TitledCard>
        ) : null}

        {overview.failingEndpoints.length > 0 ? (
          <Alert
            tone="error"
            title={
              overview.failingEndpoints.length === 1
                ? "A webhook endpoint keeps failing"
                : `${overview.failingEndpoints.length} webhook endpoints keep failing`
            }
          >
            <p>
              No delivery to {overview.failingEndpoints.length === 1 ? "it" : "them"} succeeded in the last 24 hours.
              Open one to see why:
            </p>
            <ul className="mt-1 space-y-0.5">
              {overview.failingEndpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <Link
                    href={`/dashboard/webhooks/${endpoint.id}`}
                    className="font-mono text-xs break-all underline underline-offset-2"
                  >
                    {endpoint.url}
                  </Link>
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}

        <UsageCard initial={overview.usage} />

        <section aria-labelledby="totals-title">
          <h2 id="totals-title" className="mb-3 text-base font-semibold text-slate-900">
            At a glance
          </h2>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat
              label="Active API keys"
              value={overview.keys.test + overview.keys.live}
              href="/dashboard/api-keys"
              detail={`${overview.keys.test} test · ${overview.keys.live} live`}
            />
            <Stat label="Webhook endpoints" value={overview.endpoints} href="/dashboard/webhooks" />
            <Stat
              label="Sessions, last 24 h"
              value={overview.sessions24hTotal}
              href="/dashboard/sessions"
              detail={`${overview.sessions24h.passed ?? 0} passed · ${overview.sessions24h.failed ?? 0} failed`}
            />
            <Stat
              label="Dead letters"
              value={overview.deadLetters}
              href="/dashboard/dead-letters"
              detail={overview.deadLetters ? "Waiting for redelivery" : "Nothing waiting"}
            />
          </div>
        </section>
      </div>
    </>
  );
}
