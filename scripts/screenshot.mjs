// A picture of a terminal view for the documents: runs the built vis against its
// sandbox with the terminal layout and colour forced, and draws what it printed as an
// SVG of monospace text, one <text> line per terminal line and one <tspan> per run of
// the same style. An image rather than a code block, because a markdown block cannot
// show the colours and dim text that make the view readable.
//
//   node scripts/screenshot.mjs docs/topics.svg topics        (npm run build first)
//
// The arguments after the file are vis's, after `--demo`. Only SGR sequences (colour,
// bold, dim) are drawn; any other escape sequence is dropped.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eastAsianWidth } from 'get-east-asian-width';

/** The 16 colours of the ANSI palette, as a light-on-dark terminal draws them. */
const PALETTE = [
  '#1e1e1e',
  '#e06c75',
  '#98c379',
  '#e5c07b',
  '#61afef',
  '#c678dd',
  '#56b6c2',
  '#d0d0d0',
  '#5c6370',
  '#ff7b86',
  '#b5e890',
  '#ffd68a',
  '#7cc4ff',
  '#e199ff',
  '#7fdbe6',
  '#ffffff',
];
const BACKGROUND = '#1e1e1e';
const FOREGROUND = '#d0d0d0';
const CELL_WIDTH = 8.4;
const LINE_HEIGHT = 19;
const PADDING = 16;
const FONT_SIZE = 14;

/** The 256-colour palette entry `n` (16-231 a 6x6x6 cube, 232-255 greys). */
function colour256(n) {
  if (n < 16) return PALETTE[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return rgb(v, v, v);
  }
  const steps = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return rgb(steps[Math.floor(i / 36)], steps[Math.floor(i / 6) % 6], steps[i % 6]);
}

function rgb(r, g, b) {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0')).join('')}`;
}

/** The style after one SGR sequence's parameters. */
function applySgr(style, params) {
  const next = { ...style };
  const codes = params === '' ? [0] : params.split(/[;:]/).map(Number);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c === 0) Object.assign(next, { fg: undefined, bold: false, dim: false, italic: false, underline: false });
    else if (c === 1) next.bold = true;
    else if (c === 2) next.dim = true;
    else if (c === 3) next.italic = true;
    else if (c === 4) next.underline = true;
    else if (c === 22) Object.assign(next, { bold: false, dim: false });
    else if (c === 23) next.italic = false;
    else if (c === 24) next.underline = false;
    else if (c >= 30 && c <= 37) next.fg = PALETTE[c - 30];
    else if (c >= 90 && c <= 97) next.fg = PALETTE[c - 90 + 8];
    else if (c === 39) next.fg = undefined;
    else if (c === 38 && codes[i + 1] === 5) {
      next.fg = colour256(codes[i + 2] ?? 0);
      i += 2;
    } else if (c === 38 && codes[i + 1] === 2) {
      next.fg = rgb(codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0);
      i += 4;
    }
  }
  return next;
}

/** Each line of `text` as runs of characters in one style: [{ text, style, column }]. */
export function parseAnsi(text) {
  const lines = [];
  let style = { bold: false, dim: false, italic: false, underline: false };
  for (const line of text.replace(/\r?\n$/, '').split(/\r?\n/)) {
    const runs = [];
    let column = 0;
    let i = 0;
    while (i < line.length) {
      if (line[i] === '\u001b') {
        const sgr = /^\u001b\[([0-9;:]*)m/.exec(line.slice(i));
        if (sgr) {
          style = applySgr(style, sgr[1]);
          i += sgr[0].length;
          continue;
        }
        const other = /^\u001b(\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(\u0007|\u001b\\)|.)/.exec(line.slice(i));
        i += other ? other[0].length : 1;
        continue;
      }
      const cp = line.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      i += ch.length;
      const last = runs[runs.length - 1];
      if (last && sameStyle(last.style, style) && last.column + last.width === column) {
        last.text += ch;
        last.width += eastAsianWidth(cp);
      } else runs.push({ text: ch, style, column, width: eastAsianWidth(cp) });
      column += eastAsianWidth(cp);
    }
    lines.push(runs);
  }
  return lines;
}

function sameStyle(a, b) {
  return a.fg === b.fg && a.bold === b.bold && a.dim === b.dim && a.italic === b.italic && a.underline === b.underline;
}

function escapeXml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The SVG of a terminal's output; `columns` is the terminal's width, `title` the window's. */
export function ansiToSvg(text, { columns, title }) {
  const lines = parseAnsi(text);
  const width = Math.ceil(columns * CELL_WIDTH + 2 * PADDING);
  const top = PADDING + 24;
  const height = Math.ceil(top + lines.length * LINE_HEIGHT + PADDING);
  const body = lines.map((runs, row) => {
    const y = top + row * LINE_HEIGHT + FONT_SIZE;
    const spans = runs
      .filter((r) => r.text.trim() !== '')
      .map((r) => {
        const attrs = [`x="${(PADDING + r.column * CELL_WIDTH).toFixed(1)}"`];
        if (r.style.fg) attrs.push(`fill="${r.style.fg}"`);
        if (r.style.bold) attrs.push('font-weight="bold"');
        if (r.style.dim) attrs.push('fill-opacity="0.6"');
        if (r.style.italic) attrs.push('font-style="italic"');
        if (r.style.underline) attrs.push('text-decoration="underline"');
        return `<tspan ${attrs.join(' ')}>${escapeXml(r.text)}</tspan>`;
      });
    return spans.length > 0 ? `  <text y="${y}">${spans.join('')}</text>` : '';
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `  <title>${escapeXml(title)}</title>`,
    `  <rect width="100%" height="100%" rx="8" fill="${BACKGROUND}"/>`,
    ...['#ff5f56', '#ffbd2e', '#27c93f'].map((c, i) => `  <circle cx="${PADDING + 6 + i * 18}" cy="${PADDING + 2}" r="6" fill="${c}"/>`),
    `  <text x="${width / 2}" y="${PADDING + 6}" fill="${FOREGROUND}" fill-opacity="0.6" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace" font-size="12" text-anchor="middle">${escapeXml(title)}</text>`,
    `  <g font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace" font-size="${FONT_SIZE}" fill="${FOREGROUND}" xml:space="preserve">`,
    ...body.filter((l) => l !== '').map((l) => `  ${l}`),
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, ...args] = process.argv.slice(2);
  if (!file || args.length === 0) {
    console.error('usage: node scripts/screenshot.mjs <file.svg> <vis arguments after --demo>');
    process.exit(2);
  }
  const columns = 100;
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const env = { ...process.env, VIS_FORCE_TTY: String(columns), FORCE_COLOR: '1', VIS_API_KEY: '', VIS_CONFIG_DIR: join(root, '.cache', 'screenshot-config') };
  delete env.NO_COLOR;
  const r = spawnSync(process.execPath, [join(root, 'bin', 'vis.js'), '--demo', ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`vis --demo ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
    process.exit(1);
  }
  writeFileSync(file, ansiToSvg(r.stdout, { columns, title: `vis --demo ${args.join(' ')}` }));
  console.error(`${file}: ${r.stdout.split('\n').length - 1} lines of vis --demo ${args.join(' ')}`);
}
