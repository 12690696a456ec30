// The checks decide in English constants; the routes say them in the user's language through
// their catalogue keys. Every constant that reaches the page has a key, and the English catalogue
// says exactly the constant (so an English page, a log and a test read the same sentence).
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { flowMessageKey } from "@/lib/verification/hosted-flow/flow-messages";
import { MAX_LIVE_FRAME_SIDE } from "@/lib/verification/hosted-flow/live-face-check";
import { CAMERA_PHOTO_ONLY, PHOTO_TOO_LARGE } from "@/lib/verification/hosted-flow/read-image-header";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";
import { IMAGE_TYPE_MESSAGE } from "@/lib/verification/hosted-flow/submit-evidence";
import { LIVE_FEEDBACK_SENTENCES } from "@/lib/verification/methods/face/live-feedback";
import { LIVE_CHECK_MESSAGES, RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import {
  DOCUMENT_AS_SELFIE,
  SELFIE_NEEDED,
  SELFIE_WITHOUT_FACE,
} from "@/lib/verification/methods/id-document/local-document-provider";
import { DOCUMENT_RETAKE_MESSAGES } from "@/lib/verification/methods/id-document/types";

const catalogue: Record<string, Record<string, unknown>> = en;
const english = (key: string): unknown => {
  const [namespace, name] = key.split(".");
  return catalogue[namespace]?.[name];
};

describe("the checks' English messages and their catalogue keys", () => {
  const constants = [
    ...Object.values(RETAKE_MESSAGES),
    ...Object.values(DOCUMENT_RETAKE_MESSAGES),
    SELFIE_NEEDED,
    SELFIE_WITHOUT_FACE,
    DOCUMENT_AS_SELFIE,
    IMAGE_TYPE_MESSAGE,
    PHOTO_TOO_LARGE,
    CAMERA_PHOTO_ONLY,
    ...Object.values(REFUSALS),
  ];

  it.each(constants)("%s has a key whose English is the same sentence", (message) => {
    const key = flowMessageKey(message);
    expect(key).toBeDefined();
    expect(english(key!)).toBe(message);
  });

  it("leaves a sentence it does not know as it is (no wrong translation)", () => {
    expect(flowMessageKey("Something no check says.")).toBeUndefined();
  });

  it("has the live check's sentence for every reason, the English one word for word", () => {
    let reason: keyof typeof LIVE_CHECK_MESSAGES;
    for (reason in LIVE_CHECK_MESSAGES) {
      const text = en.feedback[LIVE_FEEDBACK_SENTENCES[reason]];
      expect({ reason, text }).toEqual({ reason, text: LIVE_CHECK_MESSAGES[reason] });
    }
  });

  it("states the live frame's real size limit", () => {
    expect(REFUSALS.frameSide).toContain(`${MAX_LIVE_FRAME_SIDE} pixels`);
  });
});
