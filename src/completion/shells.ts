/**
 * The shells `vis completion` writes scripts for, and where each script is checked in.
 * Kept apart from the generators so that building the commander program (every start)
 * does not load them.
 */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** File names under completions/, as each shell's loader expects them. */
export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'vis.bash',
  zsh: '_vis',
  fish: 'vis.fish',
};

/** Sources of candidates that only exist at run time: `vis __complete <source>`. */
export const DYNAMIC_SOURCES = ['brands', 'profiles', 'engines'] as const;
export type DynamicSource = (typeof DYNAMIC_SOURCES)[number];

/** The hidden command the scripts call back for dynamic candidates. */
export const COMPLETE_COMMAND = '__complete';
