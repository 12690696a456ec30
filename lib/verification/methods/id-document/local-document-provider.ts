import "server-only";
import { logger } from "@/lib/platform/log";
import { matchFaces } from "@/lib/verification/methods/face/match-faces";
import { decideDocument } from "@/lib/verification/methods/id-document/decide-document";
import { documentReader } from "@/lib/verification/methods/id-document/read-document";
import { documentRetakeMessage } from "@/lib/verification/methods/id-document/types";
import { RetakeRequired, type ImageProvider } from "@/lib/verification/methods/types";

/** The selfie step's message when the document photo arrives without one. */
export const SELFIE_NEEDED = "Now take a selfie, so we can match your face to the document's photo.";

/** The face gates found no face in the selfie. */
export const SELFIE_WITHOUT_FACE =
  "We couldn't find your face in the selfie. Face the camera with your whole face in view.";

/** The selfie was the document's own portrait, held up to the camera (docs/id-document.md, "Limits"). */
export const DOCUMENT_AS_SELFIE = "Take the selfie of your own face, not of the document.";

/**
 * id_document on this server (docs/id-document.md): the document photo is read in the reader's
 * worker (MRZ or AAMVA barcode, every check digit), its portrait matched to a live selfie, and
 * decideDocument decides. An unreadable photo or a selfie the face gates refuse is a retake; a
 * busy or overrunning worker is a provider error (no attempt counted). Nothing read leaves this
 * function but the verdict with the document's type and issuing country (and a log line of them).
 */
export function localDocumentProvider(): ImageProvider {
  return {
    kind: "image",
    method: "id_document",
    checkedOnThisServer: true,
    takesSelfie: true,
    async evaluate(image, context) {
      if (!context.selfie) throw new RetakeRequired(SELFIE_NEEDED, "selfie");
      const now = new Date();
      const reading = await documentReader().read(image.bytes, now, context.orgId);
      if (reading.kind === "retake") throw new RetakeRequired(documentRetakeMessage(reading), "document");
      const match = await matchFaces(image, context.selfie);
      if (match.kind === "no_face" && match.which === "selfie") throw new RetakeRequired(SELFIE_WITHOUT_FACE, "selfie");
      // A retake, not a verdict: most who do this aimed the wrong way, and the next photo faces the
      // same check; the session's and the address's photo budgets bound the tries.
      if (match.kind === "same_image") throw new RetakeRequired(DOCUMENT_AS_SELFIE, "selfie");
      const decision = decideDocument({ read: reading, match, requiredAge: context.requiredAge, now });
      // The reason and the document's kind only: no date, name or number is logged.
      logger().info(
        { reason: decision.reason, documentType: reading.documentType, issuingCountry: reading.issuingCountry },
        "id_document decided",
      );
      return {
        result: decision.result,
        confidence: decision.confidence,
        // Kept with the outcome (docs/id-document.md, "What is kept"); the dates are not.
        document: { type: reading.documentType, issuingCountry: reading.issuingCountry },
      };
    },
  };
}
