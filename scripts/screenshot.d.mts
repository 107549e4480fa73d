// Types for scripts/screenshot.mjs (imported by its test).
export interface Style {
  fg?: string;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
}
export interface Run {
  text: string;
  style: Style;
  column: number;
  width: number;
}
export function parseAnsi(text: string): Run[][];
export function ansiToSvg(text: string, options: { columns: number; title: string }): string;
