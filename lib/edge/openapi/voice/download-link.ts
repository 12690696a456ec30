// What both forms of a signed download link (GET /files and GET /files/{key}) take and answer.
import { audioContent, rangeResponses } from "@/lib/edge/openapi/voice/components";
import { error } from "@/lib/edge/openapi/voice/errors";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";

const downloadHeaders = {
  "Content-Disposition": componentRef("headers", "AudioDisposition"),
  "Accept-Ranges": componentRef("headers", "AcceptRanges"),
};

/** The signed claims of a download link besides its key (lib/platform/storage/local-storage.ts). */
export const signedLinkParameters = [
  {
    name: "expires",
    in: "query",
    required: true,
    description: "Unix time (seconds) the link stops working.",
    schema: { type: "integer" },
  },
  {
    name: "content_type",
    in: "query",
    required: true,
    description: "Content-Type of the download.",
    schema: { type: "string" },
  },
  {
    name: "filename",
    in: "query",
    required: true,
    description: "File name in Content-Disposition.",
    schema: { type: "string" },
  },
  {
    name: "disposition",
    in: "query",
    required: true,
    schema: { type: "string", enum: ["attachment", "inline"] },
  },
  {
    name: "signature",
    in: "query",
    required: true,
    description: "HMAC-SHA256 of the key and the above, base64url.",
    schema: { type: "string" },
  },
];

export const downloadResponses = {
  "200": {
    description: "The audio, with the format's Content-Type; byte ranges supported.",
    headers: downloadHeaders,
    content: audioContent,
  },
  ...rangeResponses(audioContent, downloadHeaders),
  ...error(403, "The link expired or was altered.", ["forbidden"]),
  ...error(404, "The object behind a valid link is gone.", ["not_found"]),
};
