/** vis's version, put in by the bundler; its own module so `vis --version` loads nothing else. */
declare const __VIS_VERSION__: string;
export const VERSION = typeof __VIS_VERSION__ === 'string' ? __VIS_VERSION__ : '0.0.0-dev';

/**
 * What `vis --version`, `vis -V` and `vis version` print: `vis <version>`, and with
 * --verbose or --debug the Node version and platform a bug report needs. bin/vis.js
 * prints the first line itself when the flag comes alone (start-up is paid on every run).
 */
export function versionText(version: string, details: boolean): string {
  const first = `vis ${version}\n`;
  return details ? `${first}node ${process.versions.node} ${process.platform}-${process.arch}\n` : first;
}
