import v8 from 'node:v8';
import vm from 'node:vm';

let exposedGc: (() => void) | undefined;

/**
 * V8's own `gc()`: one full collection of the calling thread's heap. It is exposed by a start-up flag, which
 * `node` must be given on its command line; turning the flag on here instead makes the function available in
 * a fresh context whichever way the process or thread was started (npm start, the built server, tests).
 */
export function fullCollection() {
  if (!exposedGc) {
    v8.setFlagsFromString('--expose-gc');
    exposedGc = vm.runInNewContext('gc') as () => void;
  }
  exposedGc();
}
