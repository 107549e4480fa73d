/**
 * The V8 flags vis compiles WebAssembly under (undici's llhttp, the history's SQLite): the
 * baseline compiler only, on the main thread. Shared by src/boot, which sets them before
 * the bundle is compiled, and by the two users of WebAssembly, which set them when vis
 * was started another way. Never anything but the list: boot bundles it too.
 *
 * Why each: V8 compiles WebAssembly again optimised, and spreads even the baseline work
 * over background tasks, and Node waits for those before the process may exit (on Node 24
 * about 80 ms after the answer was printed, for a command that took 150 ms); the baseline
 * code parses a 5 MB answer, or reads the history, in a few milliseconds. Set while Node
 * runs, `--liftoff-only` does not bring what it implies on the command line: with tiering
 * still on, V8 optimised the busy functions in the background anyway, and with dynamic
 * tiering alone off it optimises every function it compiles. So each is turned off by name.
 * V8 compiles a function when it first runs, but validates every function of a module when
 * it compiles the module: `--wasm-lazy-validation` validates each as it is compiled, so the
 * SQLite functions a command never calls (most of them) are not read at all (`vis changes`
 * over 90 recorded days: 33 million instructions fewer on Node 24, of 530).
 */
export const BASELINE_WASM_FLAGS: readonly string[] = [
  '--liftoff-only',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
  '--wasm-num-compilation-tasks=0',
  '--wasm-lazy-validation',
];
