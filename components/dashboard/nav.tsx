"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { useNavCount } from "@/components/dashboard/nav-counts";

/** A spinner beside a link while the page it opens is loading. */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <Spinner className="size-3.5 shrink-0" /> : null;
}

/** The count beside a link, less what the page open now has taken off it (nav-counts.tsx). */
function CountBadge({ href, count: fromLayout, active }: { href: string; count?: number; active: boolean }) {
  const count = useNavCount(href, fromLayout);
  return count ? (
    <span
      className={cx(
        "rounded-full px-1.5 text-xs tabular-nums",
        active ? "bg-white/20 text-white" : "bg-red-100 text-red-800",
      )}
    >
      <span className="sr-only">(</span>
      {count}
      <span className="sr-only"> waiting)</span>
    </span>
  ) : null;
}

export type NavItem = { href: string; label: string; count?: number };

function isActive(pathname: string, href: string) {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** Sidebar on wide screens, a scrollable strip under the header on phones. */
export function DashboardNav({ items, secondary }: { items: NavItem[]; secondary: NavItem[] }) {
  const pathname = usePathname();
  const list = useRef<HTMLUListElement>(null);
  // On phones the strip scrolls sideways: keep the current page's link in view.
  useEffect(() => {
    const center = () => {
      const strip = list.current;
      const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
      strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
    };
    center();
    window.addEventListener("resize", center);
    return () => window.removeEventListener("resize", center);
  }, [pathname]);
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200 bg-white lg:border-b-0 lg:bg-transparent">
      <ul
        ref={list}
        className="relative flex gap-1 overflow-x-auto px-3 py-2 lg:flex-col lg:overflow-visible lg:px-0 lg:py-0"
      >
        {items.map((item) => {
          const active = isActive(pathname, item.href);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-200/60",
                )}
              >
                <span className="flex items-center gap-2">
                  {item.label}
                  <Pending />
                </span>
                <CountBadge href={item.href} count={item.count} active={active} />
              </Link>
            </li>
          );
        })}
        <li aria-hidden="true" className="hidden lg:my-3 lg:block lg:border-t lg:border-slate-200" />
        {secondary.map((item) => (
          <li key={item.href} className="shrink-0">
            <Link
              href={item.href}
              // Other parts of the product: no prefetching of pages the reader may never open.
              prefetch={false}
              className="flex rounded-md px-3 py-2 text-sm whitespace-nowrap text-slate-600 hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
