import "server-only";
import { env } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import { createLocalStorage, type LocalStorage } from "@/lib/platform/storage/local-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { createS3Storage } from "@/lib/platform/storage/s3-storage";

/** The storage STORAGE_DRIVER selects, built once per process. */
export const getStorage = lazy((): ObjectStorage => {
  const e = env();
  if (e.STORAGE_DRIVER !== "s3") return getLocalStorage();
  // lib/platform/env.ts refuses STORAGE_DRIVER=s3 without S3_BUCKET at boot.
  return createS3Storage({
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  });
});

/** The local driver (also what /files/... verifies URLs with, whatever STORAGE_DRIVER says). */
export const getLocalStorage = lazy((): LocalStorage =>
  createLocalStorage({ dir: env().STORAGE_LOCAL_DIR, secret: env().APP_SECRET, baseUrl: env().APP_URL }),
);
