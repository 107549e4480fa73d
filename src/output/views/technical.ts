/**
 * `vis technical`: the AI readiness score large, when the scan ran and the issues per
 * severity; each engine's score as a bar out of 100; then each issue as a card: severity
 * (coloured), title, category, engines and pages affected, what is wrong, the fix, and
 * the pages (paths when on one site).
 */
import { labelOf, safeText } from './read.js';
import type { Block, View } from './context.js';
import { INDENT, wrappedText } from './answer.js';
import { bigFigure } from './score.js';
import { chartLines, type ChartRow } from './chart.js';
import { flowLines } from './flow.js';
import { cell, fitLine, type Part } from './grid.js';
import { toneOf, wordText } from './marks.js';
import { columnFormat, formatCount, formatScore } from './numbers.js';
import { noneMatch, sectionTitle } from './section.js';
import { formatTime, isUtcTime } from './time.js';
import { commonOrigin, pathOf } from './urls.js';
import { engineName } from '../../text/engine-name.js';

export const technicalView: View = (data, ctx) => {
  const { read, chalk } = ctx;
  const issues = read.records(data, 'issues', 'title');
  const score = read.number(data, 'readiness_score', 'nullable');
  const scanned = read.text(data, 'scanned_at', 'optional');
  const summary = read.counts(data, 'summary', 'optional');

  const about: Part[][] = [[{ text: 'AI readiness', style: chalk.bold }], [{ text: 'technical scan, out of 100', style: chalk.dim }]];
  if (scanned) about.push([{ text: 'scanned ', style: chalk.dim }, { text: `${formatTime(scanned)}${isUtcTime(scanned) ? ' UTC' : ''}` }]);
  if (summary) {
    const parts: Part[] = [];
    summary.forEach((s, i) => {
      if (i > 0) parts.push({ text: ' · ', style: chalk.dim });
      parts.push(
        { text: s.value === null ? '–' : formatCount(s.value), style: chalk.bold },
        { text: ` ${wordText(s.name)}`, style: s.value ? toneOf(s.raw, chalk) : chalk.dim },
      );
    });
    about.push(parts);
  }
  const blocks: Block[] = [bigFigure(score === null ? '–' : formatScore(score), about, ctx)];

  const engines = read.records(data, 'engines', 'engine', 'optional');
  if (engines && engines.length > 0) {
    const scoreText = columnFormat(engines.map((e) => read.number(e, 'score', 'nullable')));
    const rows: ChartRow[] = engines.map((e) => {
      // The engine by the label the API gives beside its id (csv and json keep the id).
      const id = engineName(read.text(e, 'engine'), labelOf(e, read));
      const value = read.number(e, 'score', 'nullable');
      return {
        label: cell(id),
        value,
        style: value === null ? undefined : value >= 80 ? chalk.green : value >= 50 ? chalk.yellow : chalk.red,
        valueText: value === null ? null : cell(scoreText(value)),
      };
    });
    blocks.push([sectionTitle('Per engine', 'out of 100', ctx), ...chartLines(rows, ctx, { max: 100 })]);
  }

  if (issues.length === 0) {
    blocks.push([noneMatch(ctx)]);
    return blocks;
  }
  const origin = commonOrigin(
    issues.flatMap((i) => (Array.isArray(i.pages) ? i.pages.filter((p): p is string => typeof p === 'string') : [])).map((u) => safeText(u)),
  );
  blocks.push([sectionTitle(`${formatCount(issues.length)} ${issues.length === 1 ? 'issue' : 'issues'}`, origin ? `pages are paths on ${origin}` : null, ctx)]);
  for (const issue of issues) {
    const severity = read.text(issue, 'severity', 'optional');
    const lines: string[] = [];
    const title: Part[] = [];
    if (severity) title.push({ text: severity.toUpperCase(), style: toneOf(read.rawText(issue, 'severity'), chalk) }, { text: '  ' });
    title.push({ text: read.text(issue, 'title'), style: chalk.bold });
    lines.push(fitLine(title, ctx));
    const facts: Part[][] = [];
    const category = read.text(issue, 'category', 'optional');
    if (category) facts.push([{ text: category }]);
    const affected = read.number(issue, 'affected_pages', 'optional');
    if (affected !== undefined)
      facts.push([{ text: affected === null ? '–' : formatCount(affected), style: chalk.bold }, { text: affected === 1 ? ' page' : ' pages' }]);
    const engineIds = read.texts(issue, 'engines', 'optional');
    if (engineIds) facts.push([{ text: engineIds.length > 0 ? engineIds.map((e) => engineName(e)).join(', ') : 'no engine' }]);
    const id = read.text(issue, 'id', 'optional');
    if (id) facts.push([{ text: id, style: chalk.dim }]);
    lines.push(...flowLines(facts, ctx.width, { sep: { text: ' · ', style: chalk.dim }, lead: [{ text: INDENT }], wide: ctx.wide }));
    const description = read.prose(issue, 'description', 'optional');
    if (description) lines.push(...wrappedText(description, ctx, { highlight: [] }));
    const fix = read.prose(issue, 'fix', 'optional');
    if (fix) {
      const fixLines = wrappedText(fix, ctx, { indent: `${INDENT}     `, highlight: [] });
      fixLines[0] = `${INDENT}${chalk.green('Fix:')} ${(fixLines[0] ?? '').trimStart()}`;
      lines.push(...fixLines);
    }
    const pages = read.texts(issue, 'pages', 'optional');
    if (pages && pages.length > 0) {
      lines.push(
        ...flowLines(
          pages.map((p) => [{ text: pathOf(p, origin) }]),
          ctx.width,
          { sep: { text: '  ' }, lead: [{ text: INDENT }, { text: 'Pages ', style: chalk.dim }], wide: ctx.wide },
        ),
      );
    }
    blocks.push(lines);
  }
  return blocks;
};
