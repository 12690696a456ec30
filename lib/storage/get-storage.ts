import "server-only";
import { env } from "@/lib/env";
import { createLocalStorage, type LocalStorage } from "@/lib/storage/local-storage";
import type { ObjectStorage } from "@/lib/storage/object-storage";
import { createS3Storage } from "@/lib/storage/s3-storage";

let storage: ObjectStorage | undefined;
let local: LocalStorage | undefined;

/** The storage STORAGE_DRIVER selects, built once per process. */
export function getStorage(): ObjectStorage {
  if (!storage) {
    const e = env();
    if (e.STORAGE_DRIVER === "s3") {
      if (!e.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET.");
      storage = createS3Storage({
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      });
    } else {
      storage = getLocalStorage();
    }
  }
  return storage;
}

/** The local driver (also what /files/... verifies URLs with, whatever STORAGE_DRIVER says). */
export function getLocalStorage(): LocalStorage {
  local ??= createLocalStorage({ dir: env().STORAGE_LOCAL_DIR, secret: env().APP_SECRET, baseUrl: env().APP_URL });
  return local;
}
