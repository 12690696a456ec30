import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/dashboard/password-reset-forms";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { checkPasswordResetToken } from "@/lib/account/users/password-reset-token";
import { RESET_LINK_PROBLEMS } from "@/lib/account/users/reset-password";
import { linkTokenQuerySchema } from "@/lib/account/users/schemas";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { token = "" } = linkTokenQuerySchema.parse(await searchParams);
  const { state } = await checkPasswordResetToken(token);

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
      {state === "valid" ? (
        <p className="mt-1 text-sm text-slate-600">
          Every browser signed in to your account is signed out when you set it.
        </p>
      ) : null}
      <Card className="mt-6" as="div">
        <CardBody className="space-y-4 py-6">
          {state === "valid" ? (
            <ResetPasswordForm token={token} />
          ) : (
            <>
              <Alert tone="error">{RESET_LINK_PROBLEMS[state]}</Alert>
              <ButtonLink href="/forgot-password" className="w-full">
                Ask for a new link
              </ButtonLink>
            </>
          )}
        </CardBody>
      </Card>
    </>
  );
}
