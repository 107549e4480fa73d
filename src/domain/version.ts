/** vis's version, put in by the bundler: the CLI prints it, and the history's stores name it in their refusals. */
declare const __VIS_VERSION__: string;
export const VERSION = typeof __VIS_VERSION__ === 'string' ? __VIS_VERSION__ : '0.0.0-dev';
