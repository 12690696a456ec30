import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CreateOrganizationForm } from "@/components/dashboard/members/create-organization-form";
import { Alert } from "@/components/ui/alert";
import { SignOutButton } from "@/components/ui/signed-in-header";
import { getSignedInAccount } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "No organisation" };

/**
 * Where a signed-in person lands once they belong to no organisation (they left their last one,
 * or were removed from it): what happened, and the two ways on, a new organisation of their own
 * or an invitation to one.
 */
export default async function NoOrganizationPage() {
  const account = await getSignedInAccount();
  if (!account) redirect("/sign-in");
  if (account.organizations.length > 0) redirect("/dashboard");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">You are not in any organisation</h1>
      <p className="mt-2 text-sm text-slate-700">
        You are signed in as <span className="font-medium break-all">{account.email}</span>, but no organisation has you
        as a member any more.
      </p>
      <section aria-labelledby="create-title" className="mt-8">
        <h2 id="create-title" className="text-lg font-semibold">
          Create an organisation
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">You become its owner, with test mode ready to use.</p>
        <CreateOrganizationForm />
      </section>
      <Alert tone="info" title="Joining an existing organisation?" className="mt-8">
        Ask one of its owners or admins to invite you, then open the link in their email.
      </Alert>
      <div className="mt-6">
        <SignOutButton />
      </div>
    </>
  );
}
