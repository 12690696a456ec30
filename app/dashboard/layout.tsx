import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/dashboard/actions";
import { DashboardNav } from "@/components/dashboard/nav";
import { QueryProvider } from "@/components/dashboard/query-provider";
import { Button } from "@/components/ui/button";
import { countOpenDeadLetters } from "@/lib/webhooks/dead-letters";
import { getCurrentUser } from "@/lib/users/current-user";

export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Dashboard · Voiceage" } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  // Signed out: each page redirects to sign-in itself (with the way back), so render it bare.
  if (!user) return <>{children}</>;
  const deadLetters = await countOpenDeadLetters(user.orgId);

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/dashboard" className="font-semibold tracking-tight text-slate-900">
              Voiceage
            </Link>
            <span className="text-slate-300" aria-hidden="true">
              /
            </span>
            <span className="truncate text-sm font-medium text-slate-700" title="Organisation">
              {user.orgName}
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">
                Sign out
              </Button>
            </form>
          </div>
        </div>
      </header>
      <QueryProvider>
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
              ]}
              secondary={[
                { href: "/studio", label: "Voice Studio" },
                { href: "/docs", label: "API reference" },
              ]}
            />
          </aside>
          <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-0 lg:py-0">
            {children}
          </main>
        </div>
      </QueryProvider>
    </div>
  );
}
