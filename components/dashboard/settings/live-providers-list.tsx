import { Badge, type BadgeTone } from "@/components/ui/badge";
// The dashboard is in English: the method names come from the English catalogue.
import en from "@/messages/en.json";
import type { LiveProvider, LiveProviderRow } from "@/lib/verification/dashboard/describe-live-providers";

const PROVIDER_LABEL: Record<LiveProvider, string> = {
  local: "Built in",
  http: "Vendor (http)",
  stripe: "Stripe",
  none: "Off",
};
const PROVIDER_TONE: Record<LiveProvider, BadgeTone> = {
  local: "success",
  http: "info",
  stripe: "accent",
  none: "neutral",
};

/** Each live method with the provider that checks it on this deployment (test mode simulates them all). */
export function LiveProvidersList({ rows }: { rows: LiveProviderRow[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={row.method} className="py-3 first:pt-0 last:pb-0" data-testid={`live-provider-${row.method}`}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="text-sm font-semibold text-slate-900">{en.method.label[row.method]}</h3>
            <Badge tone={PROVIDER_TONE[row.provider]}>{PROVIDER_LABEL[row.provider]}</Badge>
            {row.confidence ? <span className="text-xs text-slate-600">Confidence up to {row.confidence}</span> : null}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">Checked by:</span> {row.checkedBy}
          </p>
          <p className="mt-1 text-sm text-slate-600">{row.note}</p>
        </li>
      ))}
    </ul>
  );
}
