import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/dashboard/actions";
import { QueryProvider } from "@/components/dashboard/query-provider";
import { Button } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/users/current-user";

export const metadata: Metadata = { title: { default: "Voice Studio", template: "%s · Voice Studio · Voiceage" } };

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  // Signed out: the page redirects to sign-in itself (with the way back), so render it bare.
  if (!user) return <>{children}</>;

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/" className="font-semibold tracking-tight text-slate-900">
              Voiceage
            </Link>
            <span className="text-slate-300" aria-hidden="true">
              /
            </span>
            <span className="truncate text-sm font-medium text-slate-700" title="Organisation">
              {user.orgName}
            </span>
          </div>
          <nav aria-label="Studio" className="flex items-center gap-1 text-sm">
            <Link
              href="/dashboard"
              prefetch={false}
              className="rounded-md px-3 py-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Dashboard
            </Link>
            <Link
              href="/docs"
              prefetch={false}
              className="rounded-md px-3 py-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              API reference
            </Link>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">
                Sign out
              </Button>
            </form>
          </nav>
        </div>
      </header>
      <QueryProvider>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
          {children}
        </main>
      </QueryProvider>
    </div>
  );
}
