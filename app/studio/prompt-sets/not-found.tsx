import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";

export default function PromptSetNotFound() {
  return (
    <>
      <PageHeader
        title="Prompt set not found in your organisation"
        description="It may have been deleted, or it belongs to another organisation. Check the link, or go back to your sets."
      />
      <ButtonLink href="/studio/prompt-sets" variant="secondary" size="sm">
        Back to prompt sets
      </ButtonLink>
    </>
  );
}
