"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

const link =
  "rounded-md px-3 py-1.5 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** The studio's own pages (the current one marked), then the way out to the rest of the product. */
export function StudioNav({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const items = [
    { href: "/studio", label: "Studio", active: pathname === "/studio" },
    { href: "/studio/prompt-sets", label: "Prompt sets", active: pathname.startsWith("/studio/prompt-sets") },
    { href: "/studio/lexicons", label: "Lexicons", active: pathname.startsWith("/studio/lexicons") },
  ];
  return (
    <nav aria-label="Studio" className="flex flex-wrap items-center gap-1 text-sm">
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          aria-current={item.active ? "page" : undefined}
          className={cx(
            link,
            item.active ? "bg-slate-900 font-medium text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {item.label}
        </Link>
      ))}
      <span aria-hidden="true" className="mx-1 h-5 border-l border-slate-200" />
      {children}
    </nav>
  );
}
