"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { retryDeliveryNowAction } from "@/lib/edge/actions/webhook-actions";
import { Button } from "@/components/ui/button";

/** "Retry now" on a delivery waiting for its next automatic attempt; says what happened. */
export function RetryNowButton({ id }: { id: string }) {
  const router = useRouter();
  const retry = useMutation({
    mutationFn: retryDeliveryNowAction,
    onSuccess: (result) => result.ok && router.refresh(),
  });
  const result = retry.data;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" pending={retry.isPending} onClick={() => retry.mutate({ id })}>
        Retry now
      </Button>
      <span role="status" className="text-xs">
        {result?.ok ? result.value.message : null}
      </span>
      {result && !result.ok ? (
        <span role="alert" className="text-xs text-red-700">
          {result.error}
        </span>
      ) : null}
      {retry.isError ? (
        <span role="alert" className="text-xs text-red-700">
          Could not retry. Check your connection and try again.
        </span>
      ) : null}
    </span>
  );
}
