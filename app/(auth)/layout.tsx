import Link from "next/link";
import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="px-4 py-5 sm:px-8">
        <Link href="/" className="text-lg font-semibold tracking-tight text-slate-900">
          Voiceage
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 sm:pt-8">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
