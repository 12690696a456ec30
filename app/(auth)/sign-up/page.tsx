import type { Metadata } from "next";
import { SignUpForm } from "@/components/dashboard/auth-forms";
import { Card, CardBody } from "@/components/ui/card";
import { redirectIfSignedIn } from "@/lib/edge/auth/current-user";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  await redirectIfSignedIn("/dashboard");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600">
        You get a new organisation with test mode ready to use. No card needed.
      </p>
      <Card className="mt-6" as="div">
        <CardBody className="py-6">
          <SignUpForm />
        </CardBody>
      </Card>
    </>
  );
}
