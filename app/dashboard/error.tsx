"use client";

import { PageError } from "@/components/ui/page-error";

export default function DashboardError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="This page could not load" {...props} />;
}
