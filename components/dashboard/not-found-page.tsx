import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";

/**
 * What a signed-in page shows for an id it cannot find. It never says whether the thing exists in
 * another organisation: deleted and someone else's look the same.
 */
export function NotFoundPage({ title, back }: { title: string; back: { href: string; label: string; place: string } }) {
  return (
    <>
      <PageHeader
        title={title}
        description={`It may have been deleted, or it belongs to another organisation. Check the link, or go back to ${back.place}.`}
      />
      <ButtonLink href={back.href} variant="secondary" size="sm">
        {back.label}
      </ButtonLink>
    </>
  );
}
