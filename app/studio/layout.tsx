import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/dashboard/query-provider";
import { StudioNav } from "@/components/studio/studio-nav";
import { SignedInHeader, SignOutButton } from "@/components/ui/signed-in-header";
import { userForLayout } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: { default: "Voice Studio", template: "%s · Voice Studio · Voiceage" } };

const headerLink =
  "rounded-md px-3 py-1.5 whitespace-nowrap text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await userForLayout();
  // Signed out: the page redirects to sign-in itself (with the way back), so render it bare.
  if (!user) return <>{children}</>;

  return (
    <div className="min-h-screen">
      <SignedInHeader homeHref="/" orgId={user.orgId} organizations={user.organizations}>
        <StudioNav>
          <Link href="/dashboard" prefetch={false} className={headerLink}>
            Dashboard
          </Link>
          <Link href="/docs" prefetch={false} className={headerLink}>
            API reference
          </Link>
          <SignOutButton />
        </StudioNav>
      </SignedInHeader>
      <QueryProvider>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
          {children}
        </main>
      </QueryProvider>
    </div>
  );
}
