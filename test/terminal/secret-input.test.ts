/**
 * readSecret: a secret typed at a hidden prompt on a terminal (nothing echoed; Backspace
 * edits; Enter or Ctrl-D ends; Ctrl-C cancels), or all of a piped stdin (trimmed, at
 * most 64 KiB), never from argv.
 */
import type { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { readSecret } from '../../src/terminal/secret-input.js';
import { testIO } from '../support/context.js';

const PROMPT = { prompt: 'Secret (input hidden): ', what: 'the secret' };

function typed(keys: string[]) {
  const io = testIO({ stdinIsTTY: true });
  const raw: boolean[] = [];
  Object.assign(io.stdin, { setRawMode: (on: boolean) => void raw.push(on) });
  const p = readSecret(io, PROMPT);
  for (const k of keys) (io.stdin as PassThrough).write(k);
  return { io, raw, p };
}

describe('readSecret at a terminal', () => {
  it('the prompt on stderr, nothing of what is typed echoed, raw mode on then off, the value trimmed', async () => {
    const { io, raw, p } = typed(['  s3cr', 'et \r']);
    expect(await p).toBe('s3cret');
    expect(io.err()).toBe('Secret (input hidden): \n');
    expect(io.out()).toBe('');
    expect(raw).toEqual([true, false]);
  });

  it('Backspace (DEL or BS) removes the last character; control characters are not kept', async () => {
    expect(await typed(['abx\u007fc\bd\u0001e\n']).p).toBe('abde');
  });

  it('a space typed is kept (inside; the ends are trimmed)', async () => {
    expect(await typed(['a b \r']).p).toBe('a b');
  });

  it('Ctrl-D ends the input as Enter does; what follows Enter is not read', async () => {
    expect(await typed(['key\u0004more']).p).toBe('key');
    expect(await typed(['one\ntwo\n']).p).toBe('one');
  });

  it('Ctrl-C cancels: SIGINT to the process, and the read fails', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      await expect(typed(['ab\u0003']).p).rejects.toThrow('cancelled');
      expect(kill).toHaveBeenCalledWith(process.pid, 'SIGINT');
    } finally {
      kill.mockRestore();
    }
  });

  it('stdin is paused and let go after the read', async () => {
    const { io, p } = typed(['x\n']);
    await p;
    expect(io.stdin.listenerCount('data')).toBe(0);
    expect(io.stdin.isPaused()).toBe(true);
  });
});

describe('readSecret from a pipe', () => {
  it('all of stdin, trimmed, no prompt', async () => {
    const io = testIO({ stdin: '\n  https://example.test/hook  \n\n' });
    expect(await readSecret(io, PROMPT)).toBe('https://example.test/hook');
    expect(io.err()).toBe('');
  });

  it('64 KiB at most: more is refused naming the secret, exactly 64 KiB is read', async () => {
    await expect(readSecret(testIO({ stdin: 'k'.repeat(64 * 1024 + 1) }), PROMPT)).rejects.toThrow(
      'the secret read from stdin is longer than 64 KiB: is this the right file?',
    );
    expect(await readSecret(testIO({ stdin: 'k'.repeat(64 * 1024) }), PROMPT)).toHaveLength(64 * 1024);
  });

  it('a stdin that gives text, not bytes, is read the same', async () => {
    const io = testIO({ stdin: 'https://example.test/text' });
    io.stdin.setEncoding('utf8');
    expect(await readSecret(io, PROMPT)).toBe('https://example.test/text');
  });

  it('text split over chunks and multi-byte characters arrive whole', async () => {
    const io = testIO();
    const stdin = testIO({ stdinIsTTY: true }).stdin as PassThrough;
    Object.assign(io, { stdin });
    const p = readSecret(io, PROMPT);
    stdin.write(Buffer.from('ü'.repeat(2)).subarray(0, 3));
    stdin.write(Buffer.from('ü'.repeat(2)).subarray(3));
    stdin.end('x');
    expect(await p).toBe('üüx');
  });
});
