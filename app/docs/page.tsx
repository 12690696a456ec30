import Link from "next/link";

export const metadata = { title: "API reference" };

const REFERENCES = [
  {
    href: "/docs/verification",
    document: "/openapi/verification.json",
    title: "Age Verification API",
    summary: "Sessions, webhook endpoints, test helpers and signed webhook events under /v1.",
  },
  {
    href: "/docs/voice",
    document: "/openapi/voice.json",
    title: "Voice Prompt API",
    summary: "Voices, formats and phone-ready text to speech (/voices, /formats, /tts).",
  },
];

export default function DocsPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <p className="text-sm font-medium text-sky-700">
        <Link href="/">Voiceage</Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-3 text-slate-600">
        Both APIs are described by OpenAPI 3.1 documents generated from the same schemas the server validates with.
        Generate a client from them, or try requests in the reference.
      </p>
      <ul className="mt-8 space-y-4">
        {REFERENCES.map((reference) => (
          <li key={reference.href} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-medium">
              {/* A plain link: the reference is a standalone page, not a React route. */}
              <a className="text-sky-800 underline-offset-2 hover:underline" href={reference.href}>
                {reference.title}
              </a>
            </h2>
            <p className="mt-1 text-sm text-slate-600">{reference.summary}</p>
            <p className="mt-2 text-sm">
              <a className="text-sky-800 underline" href={reference.document}>
                {reference.document}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
