/** What `vis --version` prints; its own module so `vis --version` loads nothing else. */
import { VERSION } from '../domain/version.js';

export { VERSION };

/**
 * What `vis --version`, `vis -V` and `vis version` print: `vis <version>`, and with
 * --verbose or --debug the Node version and platform a bug report needs. bin/vis.js
 * prints the first line itself when the flag comes alone (start-up is paid on every run).
 */
export function versionText(version: string, details: boolean): string {
  const first = `vis ${version}\n`;
  return details ? `${first}node ${process.versions.node} ${process.platform}-${process.arch}\n` : first;
}
