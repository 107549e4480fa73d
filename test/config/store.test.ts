/**
 * The config file's failure rules, in-process: every file system
 * refusal is a UsageError (exit 2) naming the file with what to do, a refused write leaves
 * the old file as it was, an empty file is an empty config, and modes are never changed
 * through a symlink.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configError, ConfigStore } from '../../src/config/store.js';
import { exitCodeFor, UsageError } from '../../src/errors.js';

/** Set to make the write fail as the file system would. */
const failure = vi.hoisted(() => ({ err: undefined as Error | undefined, writes: 0 }));
vi.mock('../../src/fs/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/fs/atomic-write.js')>();
  // The real writer, counted, except that it throws failure.err when set.
  return {
    ...real,
    writeFileAtomically: (...args: Parameters<typeof real.writeFileAtomically>) => {
      if (failure.err) throw failure.err;
      failure.writes++;
      real.writeFileAtomically(...args);
    },
  };
});
afterEach(() => {
  failure.err = undefined;
  failure.writes = 0;
});

function errno(code: string, message = `${code}: refused, open 'x'`): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code, syscall: 'open' });
}

function storeWith(text: string | undefined): { store: ConfigStore; dir: string; path: string; warnings: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'vis-store-'));
  const path = join(dir, 'config.json');
  if (text !== undefined) writeFileSync(path, text, { mode: 0o600 });
  const warnings: string[] = [];
  return { store: new ConfigStore({ VIS_CONFIG_DIR: dir }, (l) => warnings.push(l)), dir, path, warnings };
}

/** A store whose config.json is a symlink to a `{}` file of the given mode elsewhere. */
function linkedStore(mode: number): ReturnType<typeof storeWith> & { target: string } {
  const s = storeWith(undefined);
  const target = join(mkdtempSync(join(tmpdir(), 'vis-dot-')), 'vis.json');
  writeFileSync(target, '{}');
  chmodSync(target, mode);
  symlinkSync(target, s.path);
  return { ...s, target };
}

describe('configError', () => {
  const hints: Array<[string, RegExp]> = [
    ['EACCES', /permissions .*VIS_CONFIG_DIR/],
    ['EPERM', /permissions .*VIS_CONFIG_DIR/],
    ['EROFS', /read-only file system.*VIS_CONFIG_DIR/],
    ['ENOSPC', /disk is full/],
    ['EDQUOT', /quota/],
    ['EISDIR', /A folder stands where the config file should be/],
    ['ENOTDIR', /Part of the path is a file/],
    ['EIO', /set VIS_CONFIG_DIR to another folder/],
  ];
  it.each(hints)('%s: a usage error naming the file, with what to do', (code, hint) => {
    const e = configError(errno(code), '/x/vis/config.json', 'write');
    expect(e).toBeInstanceOf(UsageError);
    expect(exitCodeFor(e)).toBe(2);
    expect((e as UsageError).message).toBe(`cannot write the config file /x/vis/config.json: ${code}: refused, open 'x'`);
    expect((e as UsageError).hint).toMatch(hint);
    expect((e as UsageError).hint).toMatch(/The config file is unchanged\.$/);
  });

  it('says "unchanged" only for a write, and names a folder as a folder', () => {
    const read = configError(errno('EACCES'), '/x/config.json', 'read') as UsageError;
    expect(read.message).toMatch(/^cannot read the config file /);
    expect(read.hint).not.toContain('unchanged');
    const mk = configError(errno('EROFS'), '/x/vis', 'create', 'folder') as UsageError;
    expect(mk.message).toMatch(/^cannot create the config folder \/x\/vis: EROFS/);
  });

  it('a file that fails to parse is "not valid JSON", a usage error', () => {
    const e = configError(new SyntaxError('Unexpected end of JSON input'), '/x/config.json', 'write') as UsageError;
    expect(exitCodeFor(e)).toBe(2);
    expect(e.message).toBe('the config file /x/config.json is not valid JSON (Unexpected end of JSON input)');
  });

  it('never quotes the text around the fault: it may hold a key or a password', () => {
    const texts = ['{"profiles":{"a":{"history":postgres://u:secretpw@h}}}', 'secretpw{"profiles":{}}', '{"a":"b"}secretpw'];
    const messages = texts.map((text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        return (configError(err, '/x/config.json', 'read') as UsageError).message;
      }
      throw new Error(`parsed: ${String(parsed)}`);
    });
    for (const m of messages) expect(m).not.toContain('secret');
    expect(messages[0]).toBe("the config file /x/config.json is not valid JSON (Unexpected token 'p')");
    expect(messages[1]).toBe("the config file /x/config.json is not valid JSON (Unexpected token 's')");
    expect(messages[2]).toMatch(/^the config file \/x\/config.json is not valid JSON \(Unexpected non-whitespace character after JSON at position 9/);
  });

  it('a bug stays a bug (exit 1), and a usage error stays itself', () => {
    const bug = new TypeError('x is undefined');
    expect(configError(bug, '/x', 'write')).toBe(bug);
    expect(exitCodeFor(configError(bug, '/x', 'write'))).toBe(1);
    const usage = new UsageError('already explained');
    expect(configError(usage, '/x', 'write')).toBe(usage);
  });
});

describe('ConfigStore.update', () => {
  it('a refused write (EROFS) is a usage error, and the old file is as it was', async () => {
    const old = '{"profiles":{"default":{"market":"DE-de"}}}';
    const { store, path } = storeWith(old);
    failure.err = errno('EROFS');
    const err = await store.update((d) => void (d.profile = 'other')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toContain(`cannot write the config file ${path}: EROFS`);
    expect((err as UsageError).hint).toMatch(/read-only file system/);
    expect(readFileSync(path, 'utf8')).toBe(old);
  });

  it('a full disk (ENOSPC) too', async () => {
    const { store, path } = storeWith('{}');
    failure.err = errno('ENOSPC');
    await expect(store.update((d) => void (d.profile = 'x'))).rejects.toMatchObject({ kind: 'usage', hint: expect.stringMatching(/disk is full/) });
    expect(readFileSync(path, 'utf8')).toBe('{}');
  });

  it('an empty file is an empty config: the change is saved, 0600', async () => {
    const { store, path } = storeWith('');
    await store.update((d) => void (d.profile = 'work'));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profile: 'work' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('a symlinked config.json: written through, the link kept, the target mode kept, a warning', async () => {
    const { store, dir, warnings, target } = linkedStore(0o644);
    await store.update((d) => void (d.profile = 'work'));
    expect(lstatSync(join(dir, 'config.json')).isSymbolicLink()).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ profile: 'work' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/symlink to a file others can read \(mode 644\)/);
  });

  it('a symlinked config.json whose target only its owner reads: no warning, mode kept', async () => {
    const { store, warnings, target } = linkedStore(0o600);
    await store.update((d) => void (d.profile = 'work'));
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([]);
  });
});

describe('ConfigStore.update holds the lock and changes the file as it is now', () => {
  it('N concurrent updates in one process all land', async () => {
    const { store, dir, path } = storeWith(undefined);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.update((d) => {
          d.profiles ??= {};
          d.profiles[`p${i}`] = { brand: `b${i}` };
        }),
      ),
    );
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(saved.profiles).sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('a change made by another process since this one read the file is kept', async () => {
    const { store, path } = storeWith('{"profiles":{"default":{"brand":"Acme"}}}');
    expect(store.profile('default').brand).toBe('Acme');
    // Another vis saves a market meanwhile.
    await new ConfigStore({ VIS_CONFIG_DIR: store.dir }).update((d) => void (d.profiles!.default!.market = 'US-en'));
    await store.update((d) => void (d.profiles!.default!.format = 'csv'));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { default: { brand: 'Acme', market: 'US-en', format: 'csv' } } });
    expect(store.profile('default')).toEqual({ brand: 'Acme', market: 'US-en', format: 'csv' });
  });

  it('a file made corrupt since it was read is refused, not overwritten, and the lock let go', async () => {
    const { store, dir, path } = storeWith('{}');
    store.read();
    writeFileSync(path, '{"profiles":');
    await expect(store.update((d) => void (d.profile = 'x'))).rejects.toThrow(`the config file ${path} is not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe('{"profiles":');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('a change that throws leaves the file and lets go of the lock', async () => {
    const { store, dir, path } = storeWith('{"profile":"a"}');
    const bug = new TypeError('bug');
    await expect(
      store.update(() => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(readFileSync(path, 'utf8')).toBe('{"profile":"a"}');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});

describe('ConfigStore.tighten', () => {
  it('tightens a regular file and folder, and never a symlink target', () => {
    const { store, dir, path } = storeWith('{}');
    chmodSync(path, 0o644);
    chmodSync(dir, 0o755);
    store.tighten();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const { store: linked, target } = linkedStore(0o664);
    linked.tighten();
    expect(statSync(target).mode & 0o777).toBe(0o664);
  });
});

describe("a damaged or unreadable config file: vis's words, naming the file, exit 2, the file left as it was", () => {
  const shapes: Array<[string, RegExp]> = [
    ['[]', /it does not hold a JSON object$/],
    ['{"profile":7}', /"profile" is not text$/],
    ['{"profiles":[]}', /"profiles" is not an object$/],
    ['{"profiles":{"work":"vis_live_secret_key_1234"}}', /profile "work" is not an object$/],
    ['{"profiles":{"work":{"api_key":1234567890123}}}', /profile "work": "api_key" is not text$/],
    ['{"profiles":{"default":{"brand":"Acme","market":["US-en"]}}}', /profile "default": "market" is not text$/],
  ];

  it.each(shapes)('read: %s', (text, problem) => {
    const { store, path } = storeWith(text);
    const err = (() => {
      try {
        store.profile('default');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    expect((err as UsageError).message).toMatch(new RegExp(`^the config file ${path} is not a vis config: `));
    expect((err as UsageError).message).toMatch(problem);
    expect((err as UsageError).hint).toMatch(/Fix it by hand, or move it away .* vis will not overwrite it\./);
    expect((err as UsageError).message).not.toContain('vis_live_secret');
  });

  it.each(shapes)('a change (conf reads it and checks its schema): %s', async (text, problem) => {
    const { store, dir, path } = storeWith(text);
    const err = await store.update((d) => void (d.profile = 'x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toMatch(new RegExp(`^the config file ${path} is not a vis config: `));
    expect((err as UsageError).message).toMatch(problem);
    expect(`${(err as UsageError).message} ${(err as UsageError).hint}`).not.toMatch(/schema violation|must be|vis_live_secret/);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['config.json']);
    expect(failure.writes).toBe(0);
  });

  it('keys vis does not know are kept, in the file and in each profile', async () => {
    const { store, path } = storeWith('{"later":{"x":1},"profiles":{"default":{"brand":"Acme","colour":"blue"}}}');
    expect(store.profile('default').brand).toBe('Acme');
    await store.update((d) => void (d.profiles!.default!.market = 'US-en'));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ later: { x: 1 }, profiles: { default: { brand: 'Acme', colour: 'blue', market: 'US-en' } } });
  });

  it('a folder where the file should be: "cannot read", with what to do, for a read and for a change', async () => {
    const { store, dir, path } = storeWith(undefined);
    mkdirSync(path);
    for (const err of [
      (() => {
        try {
          store.read();
        } catch (e) {
          return e;
        }
        return undefined;
      })(),
      await new ConfigStore({ VIS_CONFIG_DIR: dir }).update((d) => void (d.profile = 'x')).catch((e: unknown) => e),
    ]) {
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toMatch(new RegExp(`^cannot read the config file ${path}: EISDIR`));
      expect((err as UsageError).hint).toMatch(/A folder stands where the config file should be/);
    }
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it("conf's text is written by vis's atomic writer, once a change", async () => {
    const { store, path } = storeWith('{}');
    await store.update((d) => void (d.profile = 'work'));
    expect(failure.writes).toBe(1);
    // conf's own serialisation (tab-indented).
    expect(readFileSync(path, 'utf8')).toBe('{\n\t"profile": "work"\n}');
  });
});
