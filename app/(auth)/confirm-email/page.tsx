import type { Metadata } from "next";
import { ConfirmEmailForm } from "@/components/dashboard/confirm-email-form";
import { Card, CardBody } from "@/components/ui/card";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { linkTokenQuerySchema } from "@/lib/account/users/schemas";

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" };

/** The sign-up mail's link: one press confirms the address (a link scanner opening it does not). */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { token = "" } = linkTokenQuerySchema.parse(await searchParams);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Confirm your email address</h1>
      <p className="mt-1 text-sm text-slate-600">
        Confirming lets your account invite colleagues and create live keys.
      </p>
      <Card className="mt-6" as="div">
        <CardBody className="py-6">
          <ConfirmEmailForm token={token} />
        </CardBody>
      </Card>
    </>
  );
}
