// The Voice Prompt API as an OpenAPI 3.1 document, built from the zod schemas and the format
// table the handlers use, so the document and the API cannot drift apart.
import { OUTPUT_FORMATS } from "@/lib/voice/audio/formats";
import {
  buildTtsRequestBodySchema,
  DEFAULT_TTS_MAX_TEXT_LENGTH,
  formatListSchema,
  healthDetailsSchema,
  healthSchema,
  resolvedVoiceSettingsSchema,
  ttsResultSchema,
  VOICE_ERROR_STATUS,
  voiceErrorCodesFor,
  voiceErrorSchemaFor,
  voiceListSchema,
  voiceSettingsSchema,
  type VoiceErrorCode,
} from "@/lib/voice/schemas";
import { ALLOWED_METHODS } from "@/lib/voice/methods";
import {
  archiveLayouts,
  buildCreatePromptSetBodySchema,
  buildUpdatePromptSetBodySchema,
  deletedPromptSetSchema,
  generatePromptSetBodySchema,
  MAX_PROMPTS_PER_SET,
  promptSetListSchema,
  promptSetNameSchema,
  promptSetSchema,
  promptSetStatusSchema,
} from "@/lib/voice/prompt-sets/schemas";
import { z } from "zod";
import {
  createLexiconBodySchema,
  deletedLexiconSchema,
  lexiconListSchema,
  lexiconSchema,
} from "@/lib/voice/lexicons/schemas";
import { voiceErrorExample, voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { componentRef, jsonContent, jsonSchema, namedSchemas, ref } from "@/lib/edge/openapi/zod-to-openapi";

// One error schema per status (narrower where an operation gives only some of that status's
// codes), made from the same code table as the error mapper (VOICE_ERROR_STATUS).
const errorSchemas: Record<string, ReturnType<typeof jsonSchema>> = {};

function errorSchemaRef(status: number, codes: VoiceErrorCode[]) {
  const unknown = codes.filter((code) => VOICE_ERROR_STATUS[code] !== status);
  if (unknown.length > 0) throw new Error(`${unknown.join(", ")} is not a ${status} error code`);
  const name =
    codes.length === voiceErrorCodesFor(status).length ? `Error${status}` : `Error${status}.${codes.join(".")}`;
  errorSchemas[name] ??= jsonSchema(voiceErrorSchemaFor(codes), "output");
  return ref(name);
}

const error = (
  status: number,
  description: string,
  codes: VoiceErrorCode[] = voiceErrorCodesFor(status),
  headers?: object,
) => ({
  [String(status)]: {
    description: `${description} error.code: ${codes.join(" or ")}.`,
    ...(headers ? { headers } : {}),
    content: jsonContent(errorSchemaRef(status, codes), voiceErrorExample(codes[0])),
  },
});

// Requests without a valid key are counted per client address (the /v1 API's budget for them):
// each such answer says where the address stands, and past the limit it is 429, not 401.
const failedKeyHeaders = {
  "X-RateLimit-Limit": {
    required: true,
    description: "Requests without a valid key allowed per minute from one client address.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    required: true,
    description: "Such requests left in the current window.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    required: true,
    description: "Unix time (seconds) when the current one-minute window ends.",
    schema: { type: "integer" },
  },
};
const reusedResponses = {
  Unauthorized: error(401, "Missing or invalid x-api-key.", ["unauthorized"], failedKeyHeaders)["401"],
  TooManyWithoutKey: error(429, "Too many requests without a valid key from this client address.", ["rate_limited"], {
    ...failedKeyHeaders,
    "Retry-After": componentRef("headers", "RetryAfter"),
  })["429"],
  /** Every operation that reads a body: one over its limit is refused before it is read whole. */
  TooLarge: error(413, "The body is larger than this operation accepts.", ["request_too_large"])["413"],
  InternalError: error(500, "Failure on the service side; safe to retry.")["500"],
};
const unauthorized = {
  "401": componentRef("responses", "Unauthorized"),
  "429": componentRef("responses", "TooManyWithoutKey"),
};
const tooLarge = { "413": componentRef("responses", "TooLarge") };
const internal = { "500": componentRef("responses", "InternalError") };

/**
 * What every path answers to the methods it does not serve (lib/voice/methods.ts): 405
 * method_not_allowed with a true Allow, and 204 with the same Allow to OPTIONS. They are reusable
 * responses, not operations: listed per method they would give generated clients a method per
 * path that can only ever fail. tests/support/contract.ts checks those answers against these.
 */
const allowHeader = {
  Allow: {
    required: true,
    description: "The methods this path serves.",
    schema: { type: "string", enum: Object.values(ALLOWED_METHODS) },
  },
};
const methodResponses = {
  MethodNotAllowed: error(
    405,
    "Not a method of this path; Allow lists those that are.",
    ["method_not_allowed"],
    allowHeader,
  )["405"],
  AllowedMethods: {
    description: "OPTIONS: no body, no authentication, no CORS headers; Allow lists the methods.",
    headers: allowHeader,
  },
};

const retryAfter = { "Retry-After": componentRef("headers", "RetryAfter") };

// Headers stated once and referenced wherever they are sent.
const headers = {
  RequestId: {
    required: true,
    description: "This request's id (req_ + 24 characters), as in the server's logs: quote it to support.",
    schema: { type: "string", pattern: "^req_[A-Za-z0-9]{24}$" },
  },
  RetryAfter: { required: true, description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  ETag: { required: true, description: "Strong validator of this exact body.", schema: { type: "string" } },
  AcceptRanges: {
    required: true,
    description: "bytes: Range requests are served.",
    schema: { type: "string", const: "bytes" },
  },
  AudioDisposition: {
    required: true,
    description: 'attachment (or inline, as the link asked); filename="<name><ext>".',
    schema: { type: "string" },
  },
};

const audioContent = Object.fromEntries(
  [...new Set(OUTPUT_FORMATS.map((f) => f.contentType))].map((type) => [
    type,
    { schema: { type: "string", contentMediaType: type } },
  ]),
);

export function buildVoiceDocument(serverUrl?: string, maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  const paths = buildPaths();
  const { schemas, requestBodies } = namedSchemas({
    requestBodies: {
      TtsRequest: buildTtsRequestBodySchema(maxTextLength),
      PromptSetCreate: buildCreatePromptSetBodySchema(maxTextLength),
      PromptSetUpdate: buildUpdatePromptSetBodySchema(maxTextLength),
      PromptSetGenerate: generatePromptSetBodySchema,
      PromptSetDuplicate: z.strictObject({ name: promptSetNameSchema.optional() }),
      LexiconCreate: createLexiconBodySchema,
    },
    input: { VoiceSettings: voiceSettingsSchema },
    output: {
      VoiceSettings: voiceSettingsSchema,
      ResolvedVoiceSettings: resolvedVoiceSettingsSchema,
      Health: healthSchema,
      HealthDetails: healthDetailsSchema,
      VoiceList: voiceListSchema,
      FormatList: formatListSchema,
      TtsResult: ttsResultSchema,
      PromptSet: promptSetSchema,
      PromptSetList: promptSetListSchema,
      PromptSetStatus: promptSetStatusSchema,
      DeletedPromptSet: deletedPromptSetSchema,
      Lexicon: lexiconSchema,
      LexiconList: lexiconListSchema,
      DeletedLexicon: deletedLexiconSchema,
    },
  });
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Voice Prompt API",
      version: "1.1.0",
      license: { name: "Proprietary: for integrating with this service", identifier: "LicenseRef-Proprietary" },
      description:
        "Turns an IVR menu script and a chosen voice into an audio file that plays natively on phone systems. " +
        "Every path but /health needs an organisation's API key (sk_test_... or sk_live_...) in the x-api-key header. " +
        "A method a path does not serve is 405 method_not_allowed with a true Allow header " +
        "(components.responses.MethodNotAllowed); OPTIONS is 204 with the same Allow (AllowedMethods). " +
        "HEAD is served wherever GET is (GET without the body). Every answer carries a Request-Id. A JSON body is " +
        "read as JSON when its Content-Type is application/json, text/plain (UTF-8) or missing.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    tags: [
      { name: "Speech", description: "Generate prompts and download the audio." },
      { name: "Voices", description: "The voices of the connected provider account." },
      { name: "Formats", description: "Every output_format, telephony first." },
      {
        name: "Prompt sets",
        description:
          "A whole IVR menu as one unit: one voice, model, settings and format for up to " +
          `${MAX_PROMPTS_PER_SET} named prompts, generated in the background through the same content cache as POST /tts, ` +
          "and downloaded as one zip laid out for Asterisk, FreeSWITCH or flat, with a manifest.",
      },
      {
        name: "Lexicons",
        description:
          "Pronunciation lexicons (W3C PLS 1.0, IPA) of the organisation, applied by lexicon_ids on POST /tts and " +
          "prompt sets: an alias replaces the word, a phoneme is said in the engine's own notation where it can " +
          "take one (otherwise the alias or the word is said, and warnings says so).",
      },
      { name: "Service", description: "Liveness and the speech engines' state." },
    ],
    paths,
    components: {
      responses: { ...reusedResponses, ...methodResponses },
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "sk_test_... or sk_live_..." },
      },
      schemas: { ...schemas, ...errorSchemas },
      requestBodies: Object.fromEntries(
        Object.entries(requestBodies).map(([name, schema]) => [
          name,
          {
            required: !optionalBodies.has(name),
            content: jsonContent(schema, bodyExamples[name as keyof typeof bodyExamples]),
          },
        ]),
      ),
      parameters,
      headers,
    },
  };
  return withRequestId(document);
}

const optionalBodies = new Set(["PromptSetDuplicate", "PromptSetGenerate"]);
const bodyExamples = {
  TtsRequest: examples.ttsRequest,
  PromptSetCreate: examples.promptSetCreate,
  PromptSetUpdate: examples.promptSetUpdate,
  PromptSetGenerate: examples.promptSetGenerate,
  PromptSetDuplicate: examples.promptSetDuplicate,
  LexiconCreate: examples.lexiconCreate,
};

/** Every answer of the Voice API carries a Request-Id (proxy.ts): declared on every response. */
function withRequestId<D extends { paths: object; components: { responses: object } }>(document: D): D {
  const addTo = (responses: Record<string, { headers?: object; $ref?: string }>) => {
    for (const response of Object.values(responses)) {
      if (response.$ref) continue;
      response.headers = { "Request-Id": componentRef("headers", "RequestId"), ...response.headers };
    }
  };
  addTo(document.components.responses as never);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item as Record<string, { responses: never }>)) addTo(operation.responses);
  }
  return document;
}

// Every Voice API path, with what it answers to each method.
const mp3Content = { "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } } };

/** 206 and 416: stored audio (downloads and previews) is served with byte ranges. */
const rangeResponses = (content: object, headers: object = {}) => ({
  "206": {
    description: "The requested byte range of the audio.",
    headers: {
      ...headers,
      "Content-Range": { required: true, description: "bytes start-end/total", schema: { type: "string" } },
    },
    content,
  },
  "416": {
    description: "The range starts beyond the end of the file (no body).",
    headers: { "Content-Range": { required: true, description: "bytes */total", schema: { type: "string" } } },
  },
});

const rangeParameterObject = {
  name: "Range",
  in: "header",
  required: false,
  description: "One byte range, e.g. bytes=0-1023.",
  schema: { type: "string" },
};

// Repeat reads are cheap: these answers carry a strong ETag, and a client that sends it back
// in If-None-Match gets a 304 with no body (lib/platform/http/prepared-response.ts).
const ifNoneMatchParameterObject = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of the copy the client has; 304 when it is still current.",
  schema: { type: "string" },
};
const cachingHeaders = (cacheControl: string) => ({
  ETag: componentRef("headers", "ETag"),
  "Cache-Control": { required: true, description: cacheControl, schema: { type: "string" } },
});
const notModified = (cacheControl: string) => ({
  "304": {
    description: "The client's copy (If-None-Match) is current; no body.",
    headers: cachingHeaders(cacheControl),
  },
});

const parameters = {
  Range: rangeParameterObject,
  IfNoneMatch: ifNoneMatchParameterObject,
  VoiceId: { name: "voiceId", in: "path", required: true, schema: { type: "string" }, example: "fliteRms" },
  LexiconId: {
    name: "id",
    in: "path",
    required: true,
    description: "A lexicon id (lex_...).",
    schema: { type: "string" },
    example: "lex_4Hq8sN2cVbXk0LrT7vYa3mEd",
  },
  PromptSetId: {
    name: "id",
    in: "path",
    required: true,
    description: "A prompt set id (ps_...).",
    schema: { type: "string" },
    example: "ps_7Jd0aQ2mWbXk9LrT4vYs1nEe",
  },
};
const rangeParameter = componentRef("parameters", "Range");
const ifNoneMatchParameter = componentRef("parameters", "IfNoneMatch");
const voiceIdParameter = componentRef("parameters", "VoiceId");
const keyParameter = {
  name: "key",
  in: "path",
  required: true,
  description: "The object key, slashes included (the older link form; GET /files takes it as a query parameter).",
  schema: { type: "string" },
};

const downloadHeaders = {
  "Content-Disposition": componentRef("headers", "AudioDisposition"),
  "Accept-Ranges": componentRef("headers", "AcceptRanges"),
};

const signedKeyParameter = {
  name: "key",
  in: "query",
  required: true,
  description: "The stored object's key (it contains slashes, percent-encoded as any query value is).",
  schema: { type: "string" },
};

/** The signed claims of a download link besides its key (lib/platform/storage/local-storage.ts). */
const signedLinkParameters = [
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

const downloadResponses = {
  "200": {
    description: "The audio, with the format's Content-Type; byte ranges supported.",
    headers: downloadHeaders,
    content: audioContent,
  },
  ...rangeResponses(audioContent, downloadHeaders),
  ...error(403, "The link expired or was altered.", ["forbidden"]),
  ...error(404, "The object behind a valid link is gone.", ["not_found"]),
};

function buildPaths() {
  return {
    "/health": {
      get: {
        operationId: "health",
        tags: ["Service"],
        summary: "Liveness check",
        security: [],
        responses: {
          "200": { description: "The service is up.", content: jsonContent(ref("Health"), examples.health) },
        },
      },
    },
    "/health/details": {
      get: {
        operationId: "healthDetails",
        tags: ["Service"],
        summary: "Speech engines and their start-up probe",
        description:
          "Local speech: each engine (Festival, Flite, eSpeak NG) is asked for its voices and made to say a word at " +
          "start-up; an engine or voice that fails is left out of GET /voices and the studio everywhere, logged " +
          "once, and named here with the reason. A remote provider (ElevenLabs) lists no engines.",
        responses: {
          "200": {
            description: "The provider and each engine's state.",
            content: jsonContent(ref("HealthDetails"), examples.healthDetails),
          },
          ...unauthorized,
          ...internal,
        },
      },
    },
    "/voices": {
      get: {
        operationId: "listVoices",
        tags: ["Voices"],
        summary: "List the voices of the connected provider account",
        description:
          "Flattened for a voice picker; cached server-side for one hour (a stale copy answers while the provider is down). Revalidate with If-None-Match: an unchanged list answers 304.",
        parameters: [ifNoneMatchParameter],
        responses: {
          "200": {
            description: "Every voice, with count.",
            headers: cachingHeaders("private, no-cache: revalidate each time"),
            content: jsonContent(ref("VoiceList"), examples.voiceList),
          },
          ...notModified("private, no-cache"),
          ...unauthorized,
          ...error(502, "The speech provider failed and no cached copy exists."),
          ...internal,
        },
      },
    },
    "/voices/{voiceId}/preview.mp3": {
      get: {
        operationId: "getVoicePreview",
        tags: ["Voices"],
        summary: "A voice's preview sample (local voices; the preview_url of GET /voices)",
        security: [],
        parameters: [voiceIdParameter, rangeParameter, ifNoneMatchParameter],
        responses: {
          "200": {
            description: "The MP3 sample; byte ranges supported.",
            headers: {
              ...cachingHeaders("public, max-age=86400"),
              "Accept-Ranges": componentRef("headers", "AcceptRanges"),
            },
            content: mp3Content,
          },
          ...notModified("public, max-age=86400"),
          ...rangeResponses(mp3Content, { "Accept-Ranges": componentRef("headers", "AcceptRanges") }),
          ...error(404, "No such local voice.", ["voice_not_found"]),
          ...internal,
        },
      },
    },
    "/formats": {
      get: {
        operationId: "listFormats",
        tags: ["Formats"],
        summary: "List every accepted output_format",
        parameters: [ifNoneMatchParameter],
        responses: {
          "200": {
            description: "The 24 formats, with count.",
            headers: cachingHeaders("private, max-age=3600: the list changes only with a deploy"),
            content: jsonContent(ref("FormatList"), examples.formatList),
          },
          ...notModified("private, max-age=3600"),
          ...unauthorized,
          ...internal,
        },
      },
    },
    "/tts": {
      post: {
        operationId: "createTts",
        tags: ["Speech"],
        summary: "Generate a prompt",
        description:
          "Synthesizes the script, trims and levels it for telephony, converts it to output_format and stores it. " +
          "Identical requests (same text, text_type, lexicons and their versions, voice, model, format and the " +
          "resolved settings the voice honours) are served from the content cache with cached: true and the same " +
          "sha256. With text_type ssml the text is an SSML document of the subset (speak, break, say-as " +
          "digits|telephone|date|characters, sub, phoneme ipa, emphasis, prosody rate); the length limit counts the " +
          "text spoken, not the markup. applied_settings and warnings say what the voice applied and what it could not.",
        requestBody: componentRef("requestBodies", "TtsRequest"),
        responses: {
          "200": {
            description: "The stored audio and a time-limited audio_url.",
            content: jsonContent(ref("TtsResult"), examples.ttsResult),
          },
          ...error(
            400,
            "Validation failed (a body that is not UTF-8 included; SSML that does not parse or has an unknown tag, " +
              "named with its line; a lexicon id the organisation does not have), or the provider plan does not " +
              "include the format.",
          ),
          ...unauthorized,
          ...error(404, "voice_id is not a voice of the connected account.", ["voice_not_found"]),
          ...tooLarge,
          ...error(
            429,
            "The speech provider's concurrency limit (already retried once), or too many requests without a valid key from this client address.",
            ["rate_limited"],
            retryAfter,
          ),
          ...internal,
          ...error(502, "The speech provider failed, timed out or sent unusable audio.", ["upstream_error"]),
        },
      },
    },
    ...promptSetPaths(),
    ...lexiconPaths(),
    "/files": {
      get: {
        operationId: "downloadAudioFile",
        tags: ["Speech"],
        summary: "Download stored audio through a signed audio_url (local storage driver)",
        security: [],
        description:
          "Use audio_url exactly as returned: every query parameter, key included, is covered by the signature, and " +
          "changing any of them is 403. (With S3 storage, audio_url is a presigned S3 URL instead.)",
        parameters: [signedKeyParameter, ...signedLinkParameters, rangeParameter],
        responses: downloadResponses,
      },
    },
    "/files/{key}": {
      get: {
        operationId: "downloadAudio",
        tags: ["Speech"],
        summary: "Download stored audio through a signed link of the older form (the key as the path)",
        deprecated: true,
        security: [],
        description:
          "Links handed out before audio_url moved to GET /files carry the key as the path; they are served alike " +
          "until they expire. New answers never use this form.",
        parameters: [keyParameter, ...signedLinkParameters, rangeParameter],
        responses: downloadResponses,
      },
    },
  };
}

const setIdParameter = componentRef("parameters", "PromptSetId");
const setNotFound = error(404, "No such prompt set in this organisation.", ["not_found"]);
const badRequest = (what: string) =>
  error(400, `Validation failed: ${what}; or the body is not UTF-8 JSON.`, ["bad_request"]);

const lexiconIdParameter = componentRef("parameters", "LexiconId");
const lexiconNotFound = error(404, "No such lexicon in this organisation.", ["not_found"]);
const plsProblems =
  "name, or pls: malformed XML, a DOCTYPE (entities, external references), an element or attribute outside PLS 1.0, " +
  "an alphabet other than ipa, an IPA symbol no engine can say, a lexeme without grapheme or pronunciation, or more " +
  "than 1,000 lexemes (the message names the line and the reason; nothing is stored)";

function lexiconPaths() {
  return {
    "/lexicons": {
      get: {
        operationId: "listLexicons",
        tags: ["Lexicons"],
        summary: "List the organisation's pronunciation lexicons",
        description: "Newest first, without their lexemes (GET /lexicons/{id} has them).",
        responses: {
          "200": {
            description: "Every lexicon, with count.",
            content: jsonContent(ref("LexiconList"), examples.lexiconList),
          },
          ...unauthorized,
          ...internal,
        },
      },
      post: {
        operationId: "createLexicon",
        tags: ["Lexicons"],
        summary: "Upload a pronunciation lexicon (W3C PLS 1.0)",
        description:
          "Each <lexeme> has one or more <grapheme> and an <alias> or a <phoneme> (IPA). Graphemes match whole " +
          "words, case-sensitively, as PLS specifies.",
        requestBody: componentRef("requestBodies", "LexiconCreate"),
        responses: {
          "201": {
            description: "The stored lexicon, version 1.",
            content: jsonContent(ref("Lexicon"), examples.lexicon),
          },
          ...badRequest(plsProblems),
          ...unauthorized,
          ...tooLarge,
          ...internal,
        },
      },
    },
    "/lexicons/{id}": {
      get: {
        operationId: "getLexicon",
        tags: ["Lexicons"],
        summary: "Retrieve a lexicon with its lexemes and document",
        parameters: [lexiconIdParameter],
        responses: {
          "200": { description: "The lexicon.", content: jsonContent(ref("Lexicon"), examples.lexicon) },
          ...unauthorized,
          ...lexiconNotFound,
          ...internal,
        },
      },
      put: {
        operationId: "replaceLexicon",
        tags: ["Lexicons"],
        summary: "Replace a lexicon's document and name",
        description:
          "The version goes up by one. It is part of the content-cache key, so prompts that use the lexicon are " +
          "synthesized again on their next request.",
        parameters: [lexiconIdParameter],
        requestBody: componentRef("requestBodies", "LexiconCreate"),
        responses: {
          "200": {
            description: "The lexicon, its version bumped.",
            content: jsonContent(ref("Lexicon"), examples.lexicon),
          },
          ...badRequest(plsProblems),
          ...unauthorized,
          ...lexiconNotFound,
          ...tooLarge,
          ...internal,
        },
      },
      delete: {
        operationId: "deleteLexicon",
        tags: ["Lexicons"],
        summary: "Delete a lexicon",
        description: "A request or prompt set that still names it is then refused (400) until the id is removed.",
        parameters: [lexiconIdParameter],
        responses: {
          "200": { description: "Deleted.", content: jsonContent(ref("DeletedLexicon"), examples.lexiconDeleted) },
          ...unauthorized,
          ...lexiconNotFound,
          ...internal,
        },
      },
    },
  };
}

function promptSetPaths() {
  return {
    "/prompt-sets": {
      get: {
        operationId: "listPromptSets",
        tags: ["Prompt sets"],
        summary: "List the organisation's prompt sets",
        description:
          "Newest first, each with its generation progress (no prompts; GET /prompt-sets/{id} has them). Not paged: " +
          "every set of the organisation in one answer, with count.",
        responses: {
          "200": {
            description: "Every set, with count.",
            content: jsonContent(ref("PromptSetList"), examples.promptSetList),
          },
          ...unauthorized,
          ...internal,
        },
      },
      post: {
        operationId: "createPromptSet",
        tags: ["Prompt sets"],
        summary: "Create a prompt set",
        description:
          "Prompt names become file names: lower-case letters, digits, - and _, unique in the set. " +
          "The voice is checked at once. language (the Asterisk/FreeSWITCH folder) defaults to the voice's language, else en. " +
          "Nothing is generated until POST /prompt-sets/{id}/generate.",
        requestBody: componentRef("requestBodies", "PromptSetCreate"),
        responses: {
          "201": {
            description: "The new set; every prompt pending.",
            content: jsonContent(ref("PromptSet"), examples.promptSet),
          },
          ...badRequest("a name, prompt name (with its index), text, voice, model, format or setting"),
          ...unauthorized,
          ...tooLarge,
          ...error(404, "voice_id is not a voice of the connected account.", ["voice_not_found"]),
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}": {
      get: {
        operationId: "getPromptSet",
        tags: ["Prompt sets"],
        summary: "Retrieve a prompt set with its prompts",
        description:
          "Each done prompt has a fresh signed audio_url, its duration, sha256 and whether the content cache served it.",
        parameters: [setIdParameter],
        responses: {
          "200": { description: "The set.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
          ...unauthorized,
          ...setNotFound,
          ...internal,
        },
      },
      patch: {
        operationId: "updatePromptSet",
        tags: ["Prompt sets"],
        summary: "Rename, re-voice, or edit, add, remove and reorder the prompts",
        description:
          "prompts replaces the whole ordered list; give a prompt's id to rename it and keep its audio. " +
          "A prompt keeps its audio while its text and the set's voice, model, format and settings are unchanged; " +
          "otherwise it becomes pending (queued again if a generation is running).",
        parameters: [setIdParameter],
        requestBody: componentRef("requestBodies", "PromptSetUpdate"),
        responses: {
          "200": { description: "The set as it is now.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
          ...badRequest("a field as in create, or a prompt id that is not of this set"),
          ...unauthorized,
          ...tooLarge,
          ...error(404, "No such prompt set, or voice_id is not a voice of the connected account.", [
            "not_found",
            "voice_not_found",
          ]),
          ...internal,
        },
      },
      delete: {
        operationId: "deletePromptSet",
        tags: ["Prompt sets"],
        summary: "Delete a prompt set",
        description: "A running generation stops. Generated audio stays in the content cache for other requests.",
        parameters: [setIdParameter],
        responses: {
          "200": { description: "Deleted.", content: jsonContent(ref("DeletedPromptSet"), examples.deletedPromptSet) },
          ...unauthorized,
          ...setNotFound,
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}/duplicate": {
      post: {
        operationId: "duplicatePromptSet",
        tags: ["Prompt sets"],
        summary: "Copy a prompt set",
        description:
          'Generated prompts keep their audio in the copy. The body is optional; name defaults to "<name> (copy)".',
        parameters: [setIdParameter],
        requestBody: componentRef("requestBodies", "PromptSetDuplicate"),
        responses: {
          "201": { description: "The copy.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
          ...badRequest("name"),
          ...unauthorized,
          ...tooLarge,
          ...setNotFound,
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}/generate": {
      post: {
        operationId: "generatePromptSet",
        tags: ["Prompt sets"],
        summary: "Generate the set's prompts in the background",
        description:
          "Queues every prompt (or only the failed ones) and answers 202 at once. Each prompt goes through POST /tts's " +
          "content cache, so unchanged prompts cost nothing (cached: true). A provider 429 pauses the generation with back-off; " +
          "it never fails a prompt. Poll GET /prompt-sets/{id}/status until generation.state is completed or failed. " +
          "The body is optional.",
        parameters: [setIdParameter],
        requestBody: componentRef("requestBodies", "PromptSetGenerate"),
        responses: {
          "202": {
            description: "Generation started; the set's status.",
            content: jsonContent(ref("PromptSetStatus"), examples.promptSetStatus),
          },
          ...badRequest("only, or the set has no prompts"),
          ...unauthorized,
          ...tooLarge,
          ...setNotFound,
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}/status": {
      get: {
        operationId: "getPromptSetStatus",
        tags: ["Prompt sets"],
        summary: "A prompt set's generation progress",
        description: "Counts for the set (done, cached, failed...) and one line per prompt with its status and error.",
        parameters: [setIdParameter],
        responses: {
          "200": {
            description: "The progress.",
            content: jsonContent(ref("PromptSetStatus"), examples.promptSetStatus),
          },
          ...unauthorized,
          ...setNotFound,
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}/prompts.csv": {
      get: {
        operationId: "exportPromptSetCsv",
        tags: ["Prompt sets"],
        summary: "The set's prompts as a name,text CSV",
        description: "Header row first, prompts in play order; PUT reads the same file back.",
        parameters: [setIdParameter],
        responses: {
          "200": {
            description: "The CSV.",
            headers: {
              "Content-Disposition": {
                required: true,
                description: 'attachment; filename="<set>-prompts.csv"',
                schema: { type: "string" },
              },
            },
            content: { "text/csv": { schema: { type: "string" }, example: examples.csv } },
          },
          ...unauthorized,
          ...setNotFound,
          ...internal,
        },
      },
      put: {
        operationId: "importPromptSetCsv",
        tags: ["Prompt sets"],
        summary: "Replace the set's prompts from a name,text CSV",
        description:
          "A header row naming the columns name and text (any order; other columns ignored), then a row per prompt, as a " +
          "spreadsheet saves it (UTF-8, a BOM allowed, at most 2 MB). Same rules and same keeping of audio as PATCH with prompts. " +
          "Nothing changes unless every row is valid; the 400 names each bad row by its spreadsheet row number (the header is row 1).",
        parameters: [setIdParameter],
        requestBody: { required: true, content: { "text/csv": { schema: { type: "string" }, example: examples.csv } } },
        responses: {
          "200": { description: "The set as it is now.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
          ...badRequest("a bad row (named by number), a missing header, or a Content-Type other than text/csv"),
          ...unauthorized,
          ...tooLarge,
          ...setNotFound,
          ...internal,
        },
      },
    },
    "/prompt-sets/{id}/archive": {
      get: {
        operationId: "downloadPromptSetArchive",
        tags: ["Prompt sets"],
        summary: "Download every prompt as one zip, laid out for a phone system",
        description:
          "Streamed. asterisk: <language>/custom/<name><ext> (.ulaw, .alaw, .sln, .wav; .wav16 for wav_16000); " +
          "freeswitch: <language>/<rate>/<name>.wav (headerless formats get a WAV header, samples unchanged); flat: <name><ext>. " +
          "prompts.csv (name, text, voice, format, duration in seconds, sha256 of the file as archived, file) comes last. " +
          "Every prompt must be done.",
        parameters: [
          setIdParameter,
          {
            name: "layout",
            in: "query",
            required: false,
            schema: { type: "string", enum: [...archiveLayouts], default: "asterisk" },
          },
        ],
        responses: {
          "200": {
            description: "The zip.",
            headers: {
              "Content-Disposition": {
                required: true,
                description: 'attachment; filename="<set>-<layout>.zip"',
                schema: { type: "string" },
              },
            },
            content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } },
          },
          ...badRequest("layout"),
          ...unauthorized,
          ...setNotFound,
          ...error(409, "Not every prompt is generated (or some audio is no longer stored).", ["prompt_set_not_ready"]),
          ...internal,
        },
      },
    },
  };
}
