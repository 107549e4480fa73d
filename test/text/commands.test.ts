import { describe, expect, it } from 'vitest';
import { plainCommands } from '../../src/text/commands.js';

describe('plainCommands', () => {
  it('a quoted vis command loses its backticks, wherever it stands and however many there are', () => {
    expect(plainCommands('run `vis auth login` again')).toBe('run vis auth login again');
    expect(plainCommands('`vis` alone, `vis topics <id>` or `vis answers runs --prompt 12`.')).toBe(
      'vis alone, vis topics <id> or vis answers runs --prompt 12.',
    );
  });

  it('other backticks stay: a server’s text, a setting name, a quote across lines, an unclosed one', () => {
    for (const text of ['A `Disallow: /` rule', 'or `profile` to switch', '`vis\nauth`', 'run `vis auth login', 'the `visits` field', '`vis ` x'])
      expect(plainCommands(text)).toBe(text);
  });
});
