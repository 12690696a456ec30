"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeMemberRoleAction } from "@/lib/actions/team-actions";
import { ROLE_LABELS, type Role } from "@/lib/teams/roles";
import { Select } from "@/components/ui/field";

/** A member's role, changed as soon as another is chosen; a refusal shows under it and the choice goes back. */
export function MemberRoleSelect({
  userId,
  email,
  role,
  roles,
}: {
  userId: string;
  email: string;
  role: Role;
  roles: readonly Role[];
}) {
  const router = useRouter();
  const [value, setValue] = useState(role);
  const change = useMutation({
    mutationFn: changeMemberRoleAction,
    onSuccess: (result) => {
      if (result.ok) router.refresh();
      else setValue(role);
    },
    onError: () => setValue(role),
  });
  const error =
    change.data && !change.data.ok
      ? change.data.error
      : change.isError
        ? "Could not change the role; try again."
        : null;
  return (
    <div className="flex flex-col items-start gap-1">
      <label htmlFor={`role-${userId}`} className="sr-only">
        Role of {email}
      </label>
      <Select
        id={`role-${userId}`}
        value={value}
        disabled={change.isPending}
        className="w-36 min-w-[8.5rem]"
        onChange={(e) => {
          const next = e.target.value as Role;
          setValue(next);
          change.mutate({ userId, role: next });
        }}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
