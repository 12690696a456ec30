import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Voiceage</h1>
      <p className="mt-3 text-lg text-slate-600">
        Phone-ready IVR prompts from a typed script, and hosted age verification with signed webhooks.
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <ButtonLink href="/sign-up">Create an account</ButtonLink>
        <ButtonLink href="/sign-in" variant="secondary">
          Sign in
        </ButtonLink>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        <li>
          <Link className="block rounded-lg border border-slate-200 bg-white p-5 hover:border-slate-400" href="/studio">
            <span className="font-medium">Voice Studio</span>
            <span className="mt-1 block text-sm text-slate-600">Pick a voice, type a menu, download a prompt.</span>
          </Link>
        </li>
        <li>
          <Link
            className="block rounded-lg border border-slate-200 bg-white p-5 hover:border-slate-400"
            href="/dashboard"
          >
            <span className="font-medium">Dashboard</span>
            <span className="mt-1 block text-sm text-slate-600">API keys, webhooks, sessions and deliveries.</span>
          </Link>
        </li>
      </ul>
      <p className="mt-8 text-sm text-slate-600">
        Building an integration? Read the{" "}
        <Link className="text-sky-800 underline" href="/docs">
          API reference
        </Link>{" "}
        (OpenAPI 3.1 documents for both APIs).
      </p>
    </main>
  );
}
