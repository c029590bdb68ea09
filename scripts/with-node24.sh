#!/usr/bin/env bash
# Runs a command on Node 24 LTS, the runtime Hearth is built for (docs/decisions/077), whatever `node` this
# machine has: the npm registry's `node` package brings the binary (into NODE24_DIR, once), and it goes first
# on PATH, so npm, npx, vitest and the server processes the tests start all run on it. The node_modules the
# machine's npm installed serve both runtimes: the native addons are Node-API builds and PGlite is WebAssembly.
#   scripts/with-node24.sh npm run test:unit
set -euo pipefail
NODE24_DIR="${NODE24_DIR:-${TMPDIR:-/tmp}/hearth-node24}"
if [ ! -x "$NODE24_DIR/node_modules/.bin/node" ]; then
  echo "Installing Node 24 from the npm registry into $NODE24_DIR..."
  mkdir -p "$NODE24_DIR"
  npm install --prefix "$NODE24_DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=error node@24 >/dev/null
fi
export PATH="$NODE24_DIR/node_modules/.bin:$PATH"
case "$(node --version)" in
  v24.*) ;;
  *) echo "Expected Node 24 from $NODE24_DIR, got $(node --version)" >&2; exit 1 ;;
esac
exec "$@"
