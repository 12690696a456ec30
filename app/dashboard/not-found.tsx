import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function DashboardNotFound() {
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <EmptyState
        title="Not found in your organisation"
        description="It may have been deleted, or it belongs to another organisation. Check the link, or go back to the overview."
        action={<ButtonLink href="/dashboard" variant="secondary" size="sm">Back to the overview</ButtonLink>}
      />
    </div>
  );
}
