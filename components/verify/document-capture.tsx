"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ImageCapture } from "@/components/verify/image-capture";
import { secondaryButton } from "@/components/verify/styles";

/**
 * The built-in id_document check: a photo of the document (kept in this page only), then a live
 * selfie; both are sent together, once, to be read and matched, and neither is kept. A refusal
 * of the document photo goes back to the document step, with its message there, so that the main
 * button retakes the document (not the selfie).
 */
export function DocumentAndSelfieCapture(props: { uploadUrl: string; expectedIndex: number; checkUrl?: string }) {
  const t = useTranslations();
  const [document, setDocument] = useState<{ blob: Blob; url: string } | null>(null);
  const [documentProblem, setDocumentProblem] = useState<string | undefined>();
  useEffect(() => () => (document ? URL.revokeObjectURL(document.url) : undefined), [document]);

  if (!document) {
    return (
      <>
        <p className="mt-4 text-base font-medium text-slate-900" data-testid="document-step">
          {t("capture.documentStep")}
        </p>
        <ImageCapture
          key={`document:${documentProblem ?? ""}`}
          uploadUrl={props.uploadUrl}
          expectedIndex={props.expectedIndex}
          facing="environment"
          cameraLabel={t("capture.documentCamera")}
          photoAlt={t("flow.documentAlt")}
          documentGuide
          sendLabel={t("capture.documentSend")}
          initialError={documentProblem}
          retakeLabel={t("capture.documentRetake")}
          onCaptured={(blob) => {
            setDocumentProblem(undefined);
            setDocument({ blob, url: URL.createObjectURL(blob) });
          }}
        />
      </>
    );
  }
  return (
    <>
      <div className="mt-4 flex items-center gap-3" data-testid="document-kept">
        {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, not an asset */}
        <img src={document.url} alt={t("flow.documentAlt")} className="h-16 w-24 rounded object-cover" />
        <button type="button" className={secondaryButton} onClick={() => setDocument(null)}>
          {t("capture.documentRetakeKept")}
        </button>
      </div>
      <p className="mt-4 text-base font-medium text-slate-900" data-testid="selfie-step">
        {t("capture.selfieStep")}
      </p>
      <ImageCapture
        key="selfie"
        uploadUrl={props.uploadUrl}
        expectedIndex={props.expectedIndex}
        facing="user"
        cameraLabel={t("flow.selfieCamera")}
        photoAlt={t("flow.selfieAlt")}
        faceGuide={{ checkUrl: props.checkUrl }}
        attach={{ photoField: "selfie", files: { image: document.blob } }}
        onRefusedElsewhere={(about, message) => {
          if (about !== "document") return false;
          setDocumentProblem(message);
          setDocument(null);
          return true;
        }}
      />
    </>
  );
}
