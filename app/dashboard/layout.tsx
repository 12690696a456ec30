import type { Metadata } from "next";
import type { ReactNode } from "react";
import { DashboardNav } from "@/components/dashboard/nav";
import { NavCountsProvider } from "@/components/dashboard/nav-counts";
import { QueryProvider } from "@/components/dashboard/query-provider";
import { VerifyEmailBanner } from "@/components/dashboard/verify-email-banner";
import { SignedInHeader, SignOutButton } from "@/components/ui/signed-in-header";
import { countOpenDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { mailOutboxEnabled } from "@/lib/platform/mail/list-outbox-messages";
import { can } from "@/lib/account/teams/roles";
import { userForLayout } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Dashboard · Voiceage" } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await userForLayout();
  // Signed out: each page redirects to sign-in itself (with the way back), so render it bare.
  if (!user) return <>{children}</>;
  const deadLetters = await countOpenDeadLetters(user.orgId);

  return (
    <div className="min-h-screen">
      <SignedInHeader homeHref="/dashboard" orgId={user.orgId} organizations={user.organizations}>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
          <SignOutButton />
        </div>
      </SignedInHeader>
      <QueryProvider>
        <NavCountsProvider>
          <div className="mx-auto max-w-7xl lg:flex lg:gap-8 lg:px-6 lg:py-8">
            <aside className="lg:w-52 lg:shrink-0">
              <DashboardNav
                items={[
                  { href: "/dashboard", label: "Overview" },
                  { href: "/dashboard/api-keys", label: "API keys" },
                  { href: "/dashboard/webhooks", label: "Webhooks" },
                  { href: "/dashboard/sessions", label: "Sessions" },
                  { href: "/dashboard/deliveries", label: "Deliveries" },
                  { href: "/dashboard/dead-letters", label: "Dead letters", count: deadLetters },
                  { href: "/dashboard/members", label: "Members" },
                  ...(can(user.role, "mail.view") ? [{ href: "/dashboard/mail", label: "Mail" }] : []),
                  { href: "/dashboard/settings", label: "Settings" },
                ]}
                secondary={[
                  { href: "/studio", label: "Voice Studio" },
                  { href: "/docs", label: "API reference" },
                  ...(mailOutboxEnabled() ? [{ href: "/dashboard/outbox", label: "Dev outbox" }] : []),
                ]}
              />
            </aside>
            <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-0 lg:py-0">
              {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
              {children}
            </main>
          </div>
        </NavCountsProvider>
      </QueryProvider>
    </div>
  );
}
