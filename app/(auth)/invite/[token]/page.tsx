import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationButton, InvitationSignUpForm } from "@/components/dashboard/members/accept-invitation";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { SignOutButton } from "@/components/ui/signed-in-header";
import { lookUpInvitation } from "@/lib/account/teams/accept-invitation";
import { ROLE_LABELS } from "@/lib/account/teams/roles";
import { getSignedInAccount } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

const link = "font-medium text-indigo-700 underline-offset-2 hover:underline";

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [lookup, account] = await Promise.all([lookUpInvitation(token), getSignedInAccount()]);

  if (lookup.status === "unusable") {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">This invitation cannot be used</h1>
        <Alert tone="error" className="mt-6">
          {lookup.error.message}
        </Alert>
        <p className="mt-6 text-sm text-slate-600">
          <Link href={account ? "/dashboard" : "/sign-in"} className={link}>
            {account ? "Go to the dashboard" : "Sign in"}
          </Link>
        </p>
      </>
    );
  }

  const { invitation } = lookup;
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const here = `/invite/${token}`;
  const member = account?.organizations.some((o) => o.id === invitation.orgId);

  let body;
  if (account && account.email !== invitation.email) {
    body = (
      <>
        <Alert tone="warning" title="This invitation is for another address">
          You are signed in as {account.email}, but the invitation was sent to {invitation.email}. Sign out, then open
          the link again.
        </Alert>
        <SignOutButton />
      </>
    );
  } else if (account && member) {
    body = (
      <>
        <Alert tone="info">You are already a member of {invitation.orgName}.</Alert>
        <ButtonLink href="/dashboard" className="w-full">
          Go to the dashboard
        </ButtonLink>
      </>
    );
  } else if (account) {
    body = <AcceptInvitationButton token={token} orgName={invitation.orgName} />;
  } else if (invitation.hasAccount) {
    body = (
      <>
        <p className="text-sm text-slate-700">You already have an account. Sign in as {invitation.email} to accept.</p>
        <ButtonLink href={`/sign-in?next=${encodeURIComponent(here)}`} className="w-full">
          Sign in to accept
        </ButtonLink>
      </>
    );
  } else {
    body = <InvitationSignUpForm token={token} email={invitation.email} />;
  }

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Join {invitation.orgName}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {invitation.email} is invited as {role === "admin" || role === "owner" ? "an" : "a"} {role}. The invitation
        expires <DateTime value={invitation.expiresAt} />.
      </p>
      <Card className="mt-6" as="div">
        <CardBody className="space-y-4 py-6">{body}</CardBody>
      </Card>
    </>
  );
}
