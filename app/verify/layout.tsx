import type { Metadata } from "next";

// The hosted flow is reached through private one-time links: keep it out of search engines and
// send no Referer anywhere (not to the integrator on return, not to any link).
export const metadata: Metadata = {
  title: "Age check",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default function VerifyLayout({ children }: { children: React.ReactNode }) {
  return children;
}
