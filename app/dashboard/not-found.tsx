import { NotFoundPage } from "@/components/dashboard/not-found-page";

export default function DashboardNotFound() {
  return (
    <NotFoundPage
      title="Not found in your organisation"
      back={{ href: "/dashboard", label: "Back to the overview", place: "the overview" }}
    />
  );
}
