// Where sharp's prebuilt libvips and its headers are, for binding.gyp: `node libvips-paths.mjs include|lib|library|rpath`.
import { createRequire } from 'node:module';
import path from 'node:path';

const { resolve } = createRequire(import.meta.url);
const libraryFile = resolve(`@img/sharp-libvips-${process.platform}-${process.arch}/binary`);
const libraryDirectory = path.dirname(libraryFile);
const headers = path.dirname(resolve('@img/sharp-libvips-dev/include'));
const answers = {
  include: [headers, path.join(headers, 'glib-2.0'), path.join(libraryDirectory, 'glib-2.0', 'include')].join(' '),
  lib: libraryDirectory,
  library: path.basename(libraryFile),
  // Relative to the addon in build/Release, so that the checkout can move after the build.
  rpath: path.relative(path.join(import.meta.dirname, 'build', 'Release'), libraryDirectory),
};
process.stdout.write(answers[process.argv[2]] ?? '');
