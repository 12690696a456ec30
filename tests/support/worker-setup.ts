// Domain code under test talks to the same fresh database as the app under test.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_URL = inject("baseUrl");
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ??= "true";
