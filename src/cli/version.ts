/** vis's version, put in by the bundler; its own module so `vis --version` loads nothing else. */
declare const __VIS_VERSION__: string;
export const VERSION = typeof __VIS_VERSION__ === 'string' ? __VIS_VERSION__ : '0.0.0-dev';
