/**
 * Open tasks, best first (GET /tasks): highest impact first, then by priority; each with
 * its layer, priority, status and the topics it moves. Tasks already done are left out.
 */
import { html } from '../escape.js';
import { countsLede, listOf, note, num, numCell, obj, records, strings, table, tag, text, topicName, type Obj, type SectionView, typed } from './kit.js';

const PRIORITIES = ['critical', 'high', 'medium', 'low'];

export function bestFirst(tasks: readonly Obj[]): Obj[] {
  const priority = (t: Obj) => {
    const at = PRIORITIES.indexOf(text(t, 'priority') ?? '');
    return at < 0 ? PRIORITIES.length : at;
  };
  return tasks
    .filter((t) => text(t, 'status') !== 'done')
    .sort((a, b) => (num(b, 'impact') ?? Number.NEGATIVE_INFINITY) - (num(a, 'impact') ?? Number.NEGATIVE_INFINITY) || priority(a) - priority(b));
}

export const tasks: SectionView = {
  title: 'Open tasks',
  lead: 'What to do next, the tasks with the most impact first.',
  known: (data): data is Obj =>
    listOf(data, 'tasks', 'title', { layer: 'string', priority: 'string', status: 'string', impact: 'number', topics: 'strings' }) &&
    typed(data, { open_counts: 'object' }),
  fields: ['filters', 'open_counts', 'total', 'tasks'],
  // The id and the task's own times are for the team's tools, not for a client.
  records: { tasks: { name: 'title', known: ['id', 'title', 'layer', 'status', 'priority', 'impact', 'topics', 'created_at', 'updated_at'] } },
  async render(data, ctx) {
    const { fmt } = ctx;
    const lede = countsLede(obj(data, 'open_counts'), Object.keys, (k, n) => `${html(k)} <strong>${numCell(n, fmt.number)}</strong>`, ' · ');
    const list = bestFirst(records(data, 'tasks'));
    const rows = list.map((t) => [
      html(text(t, 'title') ?? ''),
      html(text(t, 'layer') ?? ''),
      tag(text(t, 'priority') ?? ''),
      tag(text(t, 'status') ?? ''),
      numCell(num(t, 'impact'), fmt.decimal),
      strings(t, 'topics')
        .map((id) => html(topicName(ctx, id)))
        .join(', '),
    ]);
    return [
      lede,
      list.length === 0 ? note('No open task.') : table(['Task', 'Layer', 'Priority', 'Status', { head: 'Impact', numeric: true }, 'Topics'], rows),
    ].join('\n');
  },
};
