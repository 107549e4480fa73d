#!/usr/bin/env node
// Tiny shim: turn on Node's compile cache where this Node has it, then load the bundle.
import module from 'node:module';

if (typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache();
  } catch {
    // A read-only cache directory must never stop the CLI.
  }
}
await import('../dist/vis.js');
