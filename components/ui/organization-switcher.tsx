"use client";

import { useState, useTransition } from "react";
import { switchOrganizationAction } from "@/lib/actions/team-actions";
import type { OrganizationChoice } from "@/lib/users/current-user";
import { ROLE_LABELS } from "@/lib/teams/roles";
import { Spinner } from "./button";

/**
 * The header's organisation: a plain name for a member of one, a switcher for a member of
 * several. Choosing one opens its overview (the page on screen may be about something of the
 * other organisation).
 */
export function OrganizationSwitcher({
  current,
  organizations,
}: {
  current: string;
  organizations: readonly OrganizationChoice[];
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const name = organizations.find((o) => o.id === current)?.name ?? "";
  if (organizations.length < 2) {
    return (
      <span className="truncate text-sm font-medium text-slate-700" title="Organisation">
        {name}
      </span>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="organization-switcher" className="sr-only">
        Organisation
      </label>
      <select
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
            {o.name} ({ROLE_LABELS[o.role]})
          </option>
        ))}
      </select>
      {pending ? <Spinner className="size-4 text-slate-500" /> : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
