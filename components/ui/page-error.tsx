"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** What an error boundary shows: our fault, not the user's, with the digest to quote and a retry. */
export function PageError({
  title,
  error,
  reset,
}: {
  title: string;
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="error" title={title}>
        Something went wrong on our side; nothing you did caused it. Try again in a moment.
        {error.digest ? <span className="mt-1 block text-xs">Reference: {error.digest}</span> : null}
      </Alert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
