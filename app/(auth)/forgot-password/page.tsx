import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/dashboard/password-reset-forms";
import { Card, CardBody } from "@/components/ui/card";

export const metadata: Metadata = { title: "Reset your password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-600">
        Enter the email you sign in with and we will send you a link to choose a new password.
      </p>
      <Card className="mt-6" as="div">
        <CardBody className="py-6">
          <ForgotPasswordForm />
        </CardBody>
      </Card>
    </>
  );
}
