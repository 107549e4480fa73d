/** Topic names by id from a GET /topics answer (src/text/topic-names.ts), as the report and the terminal views read them. */
import { describe, expect, it } from 'vitest';
import { topicNamesIn } from '../../src/text/topic-names.js';

describe('topicNamesIn', () => {
  it('maps each id to its name; the first record of an id decides; blank, missing or non-text names and ids are left out', () => {
    const names = topicNamesIn({
      topics: [
        { id: 'a', name: 'Alpha' },
        { id: 'a', name: 'Second alpha' },
        { id: 'b', name: '  ' },
        { id: 'b', name: 'Late b' },
        { id: 'c' },
        { id: 'd', name: 4 },
        { id: 5, name: 'Five' },
        { name: 'No id' },
        null,
        ['e', 'E'],
        'f',
        { id: 'g', name: ' Gamma ' },
      ],
    });
    expect([...names]).toEqual([
      ['a', 'Alpha'],
      ['g', ' Gamma '],
    ]);
  });

  it('an answer without a topics list names nothing', () => {
    for (const data of [undefined, null, [], 'x', {}, { topics: null }, { topics: {} }, [{ topics: [{ id: 'a', name: 'A' }] }]])
      expect(topicNamesIn(data).size).toBe(0);
  });
});
