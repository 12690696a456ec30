import { NotFoundPage } from "@/components/dashboard/not-found-page";

export default function PromptSetNotFound() {
  return (
    <NotFoundPage
      title="Prompt set not found in your organisation"
      back={{ href: "/studio/prompt-sets", label: "Back to prompt sets", place: "your sets" }}
    />
  );
}
