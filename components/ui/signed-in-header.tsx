import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/lib/edge/actions/dashboard-actions";
import { Button } from "@/components/ui/button";
import { OrganizationSwitcher } from "@/components/ui/organization-switcher";
import { SkipLink } from "@/components/ui/skip-link";
import type { OrganizationChoice } from "@/lib/edge/auth/current-user";

/**
 * The top of every signed-in page (dashboard and studio): skip link, brand, the organisation
 * the user is acting for (a switcher when they belong to several), and the area's own links on
 * the right. The page's main element must
 * have id "main".
 */
export function SignedInHeader({
  homeHref,
  orgId,
  organizations,
  children,
}: {
  homeHref: string;
  orgId: string;
  organizations: readonly OrganizationChoice[];
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink target="main" />
      <header className="border-b border-slate-200 bg-white">
        {/* relative: the organisation's full name, when cut off, is placed against this row. */}
        <div className="relative mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link href={homeHref} className="font-semibold tracking-tight text-slate-900">
              Voiceage
            </Link>
            <span className="text-slate-300" aria-hidden="true">
              /
            </span>
            <OrganizationSwitcher current={orgId} organizations={organizations} />
          </div>
          {children}
        </div>
      </header>
    </>
  );
}

/** Ends the session (a server action, so it works before the page's scripts load). */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Button type="submit" variant="ghost" size="sm">
        Sign out
      </Button>
    </form>
  );
}
