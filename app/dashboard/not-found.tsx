import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";

export default function DashboardNotFound() {
  return (
    <>
      <PageHeader
        title="Not found in your organisation"
        description="It may have been deleted, or it belongs to another organisation. Check the link, or go back to the overview."
      />
      <ButtonLink href="/dashboard" variant="secondary" size="sm">
        Back to the overview
      </ButtonLink>
    </>
  );
}
