"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeMemberRoleAction } from "@/lib/edge/actions/team-actions";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/account/teams/roles";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/field";
import { isOneOf } from "@/lib/platform/narrow";

/**
 * A member's role. Choosing another (by mouse, or by arrow keys on the focused control) only
 * picks it: nothing is saved until "Change role" is pressed and a dialog naming the old and new
 * role is confirmed. Then it says it was saved, or why not (and the choice goes back).
 */
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
  const [choice, setChoice] = useState(role);
  const [saved, setSaved] = useState<Role | null>(null);
  const change = useMutation({
    mutationFn: changeMemberRoleAction,
    onSuccess: (result) => {
      if (result.ok) {
        setSaved(result.value.role);
        router.refresh();
      } else setChoice(role);
    },
    onError: () => setChoice(role),
  });
  const error =
    change.data && !change.data.ok
      ? change.data.error
      : change.isError
        ? "Could not change the role; try again."
        : null;
  const picked = choice !== role;
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`role-${userId}`} className="sr-only">
          Role of {email}
        </label>
        <Select
          id={`role-${userId}`}
          value={choice}
          disabled={change.isPending}
          className="w-36 min-w-[8.5rem]"
          onChange={(e) => {
            const { value } = e.target;
            if (isOneOf(ROLES, value)) setChoice(value);
            setSaved(null);
            change.reset();
          }}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
        {picked ? (
          <>
            <ConfirmDialog
              trigger={
                <>
                  Change role<span className="sr-only"> of {email}</span>
                </>
              }
              triggerVariant="primary"
              title={`Change ${email} from ${ROLE_LABELS[role]} to ${ROLE_LABELS[choice]}?`}
              description={
                <p>
                  {email} is now {article(role)} {ROLE_LABELS[role].toLowerCase()}. As {article(choice)}{" "}
                  {ROLE_LABELS[choice].toLowerCase()} they {WHAT_ROLES_DO[choice]}
                </p>
              }
              confirmLabel={`Make ${ROLE_LABELS[choice].toLowerCase()}`}
              confirmVariant="primary"
              pending={change.isPending}
              onConfirm={() => change.mutate({ userId, role: choice })}
            />
            <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => setChoice(role)}>
              Keep {ROLE_LABELS[role].toLowerCase()}
            </Button>
          </>
        ) : null}
      </div>
      {saved ? (
        <p role="status" className="text-xs text-emerald-700">
          Saved: {email} is now {article(saved)} {ROLE_LABELS[saved].toLowerCase()}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const article = (role: Role) => (role === "admin" || role === "owner" ? "an" : "a");

const WHAT_ROLES_DO: Record<Role, string> = {
  owner: "can do everything, including managing other owners.",
  admin: "can invite and manage members (not owners) and see live secrets.",
  developer: "use everything else but cannot see live secrets or manage members.",
};
