import type { ESLint } from "eslint";

/** The folder a repository path belongs to for the folder-cycle rule: lib/<layer>/<folder>, or null. */
export function folderOf(relativePath: string): string | null;
export const layersPlugin: ESLint.Plugin;
