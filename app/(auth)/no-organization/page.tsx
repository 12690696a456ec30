import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { SignOutButton } from "@/components/ui/signed-in-header";
import { getSignedInAccount } from "@/lib/users/current-user";

export const metadata: Metadata = { title: "No organisation" };

/** Where a signed-in person lands once they belong to no organisation (removed from their last one). */
export default async function NoOrganizationPage() {
  const account = await getSignedInAccount();
  if (!account) redirect("/sign-in");
  if (account.organizations.length > 0) redirect("/dashboard");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">You are not in any organisation</h1>
      <Alert tone="info" className="mt-6">
        You are signed in as {account.email}, but no organisation has you as a member any more. Ask an owner or admin of
        your organisation to invite you again, then open the link in their email.
      </Alert>
      <div className="mt-6">
        <SignOutButton />
      </div>
    </>
  );
}
