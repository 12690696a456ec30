import "server-only";
import { groupCommit } from "@/lib/platform/db/group-commit";
import { insertTtsGenerations } from "@/lib/platform/db/hot/tts-generations";

// Every POST /tts writes one history row, and under load those single-row INSERTs are most of
// a cached request's database work: rows that arrive while a write is in flight go out
// together in the next INSERT (lib/platform/db/group-commit.ts).
export const recordGeneration = groupCommit(insertTtsGenerations);
