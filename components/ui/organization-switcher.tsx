"use client";

import { useLayoutEffect, useRef, useState, useTransition, type ReactNode, type RefObject } from "react";
import { switchOrganizationAction } from "@/lib/edge/actions/team-actions";
import type { OrganizationChoice } from "@/lib/edge/auth/current-user";
import { ROLE_LABELS } from "@/lib/account/teams/roles";
import { Spinner } from "./button";

const SELECT_ARROW_PX = 24;

/**
 * Whether the header's name is cut off: the plain name by its own box; the select, which draws
 * its chosen option itself, by the natural width of a copy of that text against the room inside
 * the select. Measured again whenever the box changes size (a phone, a resized window).
 */
function useTruncated(box: RefObject<HTMLElement | null>, copy: RefObject<HTMLElement | null>, text: string): boolean {
  const [truncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const update = () => {
      const natural = copy.current;
      if (!natural) return setTruncated(node.scrollWidth > node.clientWidth);
      const style = getComputedStyle(node);
      // Chromium draws the select's arrow inside its padding box as well: counted generously, so
      // a name that only just fits shows its (harmless) full text rather than one cut off hiding it.
      const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - SELECT_ARROW_PX;
      setTruncated(natural.offsetWidth > room);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    return () => observer.disconnect();
  }, [box, copy, text]);
  return truncated;
}

/**
 * The full name under a cut-off one, while the pointer is over it or it has the keyboard focus.
 * Hidden from screen readers: they already read the whole name, which is only cut off on screen.
 * Placed against the header's row (SignedInHeader), so it fits a phone's width wherever the
 * name starts.
 */
function FullName({ show, children }: { show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="organization-full-name"
      className="pointer-events-none invisible absolute top-full right-4 left-4 z-20 -mt-1 w-fit max-w-full rounded-md bg-slate-900 px-2 py-1 text-sm font-medium break-words text-white shadow-lg group-focus-within:visible group-hover:visible sm:right-auto sm:left-auto sm:max-w-md"
    >
      {children}
    </span>
  );
}

/**
 * The header's organisation: a plain name for a member of one, a switcher for a member of
 * several. Choosing one opens its overview (the page on screen may be about something of the
 * other organisation). A name too long for the header is cut off with an ellipsis and shown in
 * full on hover and focus.
 */
/** "Acme (Owner)", or "Acme · acme.com (Owner)" where another of the user's organisations is also named Acme. */
const optionText = (o: OrganizationChoice) =>
  `${o.name}${o.ownerDomain ? ` · ${o.ownerDomain}` : ""} (${ROLE_LABELS[o.role]})`;

export function OrganizationSwitcher({
  current,
  organizations,
}: {
  current: string;
  organizations: readonly OrganizationChoice[];
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLSpanElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  // The select draws its chosen option itself, so its text's natural width is measured on a copy.
  const chosenTextRef = useRef<HTMLSpanElement>(null);
  const choice = organizations.find((o) => o.id === current);
  const name = choice?.name ?? "";
  const chosenText = choice ? optionText(choice) : "";
  const single = organizations.length < 2;
  const truncated = useTruncated(single ? nameRef : selectRef, chosenTextRef, chosenText);
  if (single) {
    // Focusable only when cut off, so a keyboard user can read the rest; otherwise plain text.
    return (
      <span className="group flex min-w-0 items-center">
        <span
          ref={nameRef}
          tabIndex={truncated ? 0 : undefined}
          className="truncate rounded-sm text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <span className="sr-only">Organisation: </span>
          {name}
        </span>
        <FullName show={truncated}>{name}</FullName>
      </span>
    );
  }
  return (
    <div className="group flex min-w-0 items-center gap-2">
      <label htmlFor="organization-switcher" className="sr-only">
        Organisation
      </label>
      <select
        ref={selectRef}
        id="organization-switcher"
        value={current}
        disabled={pending}
        className="max-w-[14rem] min-w-0 truncate rounded-md border border-slate-300 bg-white py-1 pr-8 pl-2 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        onChange={(event) => {
          const orgId = event.target.value;
          setError(null);
          startTransition(async () => {
            const result = await switchOrganizationAction({ orgId });
            if (result && !result.ok) setError(result.error);
          });
        }}
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {optionText(o)}
          </option>
        ))}
      </select>
      <span
        ref={chosenTextRef}
        aria-hidden="true"
        className="invisible absolute text-sm font-medium whitespace-nowrap"
        style={{ left: -9999 }}
      >
        {chosenText}
      </span>
      <FullName show={truncated}>{chosenText}</FullName>
      {pending ? <Spinner className="size-4 text-slate-500" /> : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
