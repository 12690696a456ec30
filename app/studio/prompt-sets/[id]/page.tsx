import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PromptSetEditor } from "@/components/studio/prompt-sets/prompt-set-editor";
import { Alert } from "@/components/ui/alert";
import { env } from "@/lib/platform/env";
import { getStudioPromptSet } from "@/lib/voice/prompt-sets/get-studio-prompt-set";
import { loadStudioVoices } from "@/lib/voice/studio/load-voices";
import { languageNames } from "@/lib/voice/studio/voice-filters";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { VoiceApiError } from "@/lib/voice/errors";
import { listFormats } from "@/lib/voice/list-formats";
import { getVoiceCatalog } from "@/lib/voice/voice-catalog";
import { getLexicon, listLexicons } from "@/lib/voice/manage-lexicons";

export const metadata: Metadata = { title: "Prompt set" };
export const dynamic = "force-dynamic";

export default async function PromptSetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireDashboardUser(`/studio/prompt-sets/${encodeURIComponent(id)}`);
  const [set, voices, lexicons] = await Promise.all([
    getStudioPromptSet({ orgId: user.orgId, id }),
    loadStudioVoices(),
    listLexicons(user.orgId).then((list) => Promise.all(list.lexicons.map((l) => getLexicon(user.orgId, l.id)))),
  ]).catch((error: unknown) => {
    // Another organisation's set is as unknown as a missing one.
    if (error instanceof VoiceApiError && error.code === "not_found") notFound();
    throw error;
  });

  return (
    <>
      {voices.error ? (
        <Alert tone="error" title="The voices could not be loaded" className="mb-6">
          {voices.error}
        </Alert>
      ) : null}
      <PromptSetEditor
        initial={set}
        voices={voices.voices}
        languageNames={languageNames(voices.voices)}
        formats={listFormats().formats}
        maxTextLength={env().TTS_MAX_TEXT_LENGTH}
        providerId={getVoiceCatalog().provider.id}
        lexicons={lexicons.map(({ id, name, lexemes }) => ({ id, name, lexemes }))}
      />
    </>
  );
}
