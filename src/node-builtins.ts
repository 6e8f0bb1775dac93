// Node's built-in modules on first use, through process.getBuiltinModule instead of ESM imports.
//
// Why not `import { openSync } from 'node:fs'`: for an ESM import Node builds the module's ESM
// facade, which copies every export and runs the lazy getters. Measured on Node 20.20 in a process that had already loaded them:
// importing node:fs, net, v8, module and os took 1.3-1.7 ms, getBuiltinModule 0.02 ms. A stdio
// start pays that before it can answer, so the modules on its path take their built-ins from here
// (type-only imports stay ordinary). getBuiltinModule exists from Node 20.16; the manifest and
// `engines` ask for 20.18.

export const nodeCrypto = () => process.getBuiltinModule('node:crypto');
export const nodeFs = () => process.getBuiltinModule('node:fs');
export const nodeModule = () => process.getBuiltinModule('node:module');
export const nodeNet = () => process.getBuiltinModule('node:net');
export const nodeOs = () => process.getBuiltinModule('node:os');
export const nodePath = () => process.getBuiltinModule('node:path');
export const nodeV8 = () => process.getBuiltinModule('node:v8');
export const nodeVm = () => process.getBuiltinModule('node:vm');
export const nodeUtil = () => process.getBuiltinModule('node:util');
