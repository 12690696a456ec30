import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { LexiconEditor } from "@/components/studio/lexicon-editor";
import { loadStudioVoices } from "@/lib/voice/studio/load-voices";
import { defaultVoiceId } from "@/lib/voice/studio/voice-filters";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { getLexicon, listLexicons } from "@/lib/voice/manage-lexicons";

export const metadata: Metadata = { title: "Pronunciation lexicons" };
export const dynamic = "force-dynamic";

export default async function LexiconsPage() {
  const user = await requireDashboardUser("/studio/lexicons");
  const [voices, list] = await Promise.all([loadStudioVoices(), listLexicons(user.orgId)]);
  const lexicons = await Promise.all(list.lexicons.map((l) => getLexicon(user.orgId, l.id)));
  const english = voices.voices.filter((v) => v.language === "en");
  return (
    <>
      <PageHeader
        title="Pronunciation lexicons"
        description="Say brand names, product codes and jargon your way in every prompt: an alias or an IPA pronunciation per word, imported and exported as W3C PLS files."
      />
      <LexiconEditor
        initial={lexicons}
        voices={english.map((v) => ({ id: v.id, name: v.name }))}
        defaultVoiceId={defaultVoiceId(english)}
      />
    </>
  );
}
