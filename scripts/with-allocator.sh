#!/bin/sh
# Runs a command (the server, in the npm start scripts) with the memory allocator image work wants
# (docs/decisions/097): jemalloc when the system has it, with one arena and no separate one for large blocks,
# which gives freed memory back to the system within a second, except while photos are worked (the image
# engine holds it then and gives it back after the burst: docs/decisions/103); else glibc's, told to map large
# blocks apart and keep to two arenas (docs/decisions/086, 091).
# JEMALLOC=off keeps glibc's; an LD_PRELOAD set already is left as it is.
# It also holds V8's young generation to Node 20's 16 MB semi-spaces on every Node.js: Node 24's grow to 64 MB
# during start-up and stay there, and its idle server measured 371 MB RSS, against 267 MB with this
# (docs/decisions/120). A --max-semi-space-size already in NODE_OPTIONS comes after this one, and wins.
export MALLOC_MMAP_THRESHOLD_=1048576 MALLOC_ARENA_MAX=2
export NODE_OPTIONS="--max-semi-space-size=16${NODE_OPTIONS:+ $NODE_OPTIONS}"
if [ -z "$LD_PRELOAD" ] && [ "$JEMALLOC" != "off" ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
    /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      export LD_PRELOAD="$lib" MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:1,oversize_threshold:0}"
      break
    fi
  done
fi
exec "$@"
