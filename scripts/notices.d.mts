// Types for scripts/notices.mjs (imported by scripts/build.mjs and by its test).
export interface Metafile {
  inputs: Record<string, unknown>;
}
export function bundledPackageDirs(metafiles: Metafile[]): string[];
export function thirdPartyNotices(root: string, metafiles: Metafile[]): string;
