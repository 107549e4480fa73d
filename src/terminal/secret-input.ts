/**
 * A secret read from the user, never from argv: a hidden prompt when stdin is a terminal,
 * else all of stdin (`vis auth login < key.txt`, `printf %s "$URL" | vis config set notify`).
 * Used for the API key and the webhook URL. Never echoes or prints what it reads.
 */
import { UsageError } from '../errors.js';
import type { IO } from './io.js';

export interface SecretPrompt {
  /** The prompt on a terminal: `API key (input hidden): `. */
  prompt: string;
  /** Names the secret in the refusal of an over-long stdin: `the API key`. */
  what: string;
}

/** Most a piped secret may hold: more is the wrong file, not a key or a URL. */
const MAX_SECRET_BYTES = 64 * 1024;

/** The secret, trimmed: typed at a hidden prompt on a terminal, else read from stdin. */
export async function readSecret(io: IO, o: SecretPrompt): Promise<string> {
  return (io.stdinIsTTY ? await promptHidden(io, o.prompt) : await readAll(io, o.what)).trim();
}

async function readAll(io: IO, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_SECRET_BYTES) throw new UsageError(`${what} read from stdin is longer than 64 KiB: is this the right file?`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a line without echoing it. Ctrl-C aborts; Backspace edits. */
function promptHidden(io: IO, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = io.stdin;
    io.stderr.write(question);
    let value = '';
    const done = (err?: Error) => {
      stdin.setRawMode?.(false);
      stdin.off('data', onData);
      stdin.pause();
      io.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (data: Buffer | string) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') {
          process.kill(process.pid, 'SIGINT');
          return done(new UsageError('cancelled'));
        }
        if (ch === '\u0004') return done();
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
