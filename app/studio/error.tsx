"use client";

import { PageError } from "@/components/ui/page-error";

export default function StudioError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="The studio could not load" {...props} />;
}
