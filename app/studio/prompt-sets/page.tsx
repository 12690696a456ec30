import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { NewPromptSetForm } from "@/components/studio/prompt-sets/new-prompt-set-form";
import { PromptSetList } from "@/components/studio/prompt-sets/prompt-set-list";
import { Alert } from "@/components/ui/alert";
import { listPromptSets } from "@/lib/voice/prompt-sets/list-prompt-sets";
import { loadStudioVoices } from "@/lib/voice/studio/load-voices";
import { languageNames } from "@/lib/voice/studio/voice-filters";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { listFormats } from "@/lib/voice/list-formats";

export const metadata: Metadata = { title: "Prompt sets" };
export const dynamic = "force-dynamic";

export default async function PromptSetsPage() {
  const user = await requireDashboardUser("/studio/prompt-sets");
  const [voices, sets] = await Promise.all([loadStudioVoices(), listPromptSets({ orgId: user.orgId })]);

  return (
    <>
      <PageHeader
        title="Prompt sets"
        description="Voice a whole IVR menu at once: every prompt in one voice and format, checked by ear as a caller hears it, and downloaded as one archive for your phone system."
      />
      {voices.error ? (
        <Alert tone="error" title="The voices could not be loaded" className="mb-6">
          {voices.error}
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <PromptSetList
          initial={sets.prompt_sets}
          voiceName={Object.fromEntries(voices.voices.map((v) => [v.id, v.name]))}
        />
        <NewPromptSetForm
          voices={voices.voices}
          languageNames={languageNames(voices.voices)}
          formats={listFormats().formats}
        />
      </div>
    </>
  );
}
