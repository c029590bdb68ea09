// When the allocator gives free memory back to the system (docs/decisions/103).
//
// On this machine kind every page the system hands out again costs a fault of about 20 µs. jemalloc's decay
// (scripts/with-allocator.sh) returns freed pages within a second, so a photo burst paid for its frames'
// memory again on every photo: 40 MB of faults a photo, as much CPU as the photo's decode. While photos are
// worked this addon holds freed pages (no decay); once the burst is over it gives them all back at once.
//
// Both allocators are found at run time, so the addon links against neither: jemalloc's mallctl when it
// is preloaded, else glibc's malloc_trim; with neither (musl, macOS) it does nothing and says so.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <node_api.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

typedef int (*mallctl_fn)(const char *name, void *old, size_t *old_length, void *new_value, size_t new_length);
typedef int (*malloc_trim_fn)(size_t pad);

static mallctl_fn mallctl;
static malloc_trim_fn malloc_trim;
/** The decay jemalloc was started with (MALLOC_CONF), restored when a burst ends. */
static ssize_t configured_decay_ms = -2;

static const char *find_allocator(void) {
  if (!mallctl && !malloc_trim) {
    mallctl = (mallctl_fn)dlsym(RTLD_DEFAULT, "mallctl");
    if (!mallctl) malloc_trim = (malloc_trim_fn)dlsym(RTLD_DEFAULT, "malloc_trim");
  }
  if (mallctl) return "jemalloc";
  return malloc_trim ? "glibc" : "unknown";
}

/** Sets every arena's dirty-page decay, and the one new arenas start with. */
static void set_jemalloc_decay(ssize_t decay_ms) {
  unsigned arenas = 0;
  size_t length = sizeof(arenas);
  if (mallctl("arenas.narenas", &arenas, &length, NULL, 0) != 0) return;
  char name[64];
  for (unsigned arena = 0; arena < arenas; arena++) {
    snprintf(name, sizeof(name), "arena.%u.dirty_decay_ms", arena);
    mallctl(name, NULL, NULL, &decay_ms, sizeof(decay_ms)); // an arena not yet in use answers EFAULT: fine
  }
  mallctl("arenas.dirty_decay_ms", NULL, NULL, &decay_ms, sizeof(decay_ms));
}

static void hold_free_memory(void) {
  if (!mallctl) return; // glibc keeps what it keeps; only its trim is worth calling
  if (configured_decay_ms == -2) {
    size_t length = sizeof(configured_decay_ms);
    if (mallctl("opt.dirty_decay_ms", &configured_decay_ms, &length, NULL, 0) != 0) configured_decay_ms = -1;
  }
  set_jemalloc_decay(-1);
}

static void release_free_memory(void) {
  if (mallctl) {
    if (configured_decay_ms != -2) set_jemalloc_decay(configured_decay_ms);
    // 4096 is MALLCTL_ARENAS_ALL: every arena's unused dirty pages, now.
    mallctl("arena.4096.purge", NULL, NULL, NULL, 0);
  } else if (malloc_trim) {
    malloc_trim(0);
  }
}

static napi_value describe(napi_env env, const char *allocator) {
  napi_value answer;
  napi_create_string_utf8(env, allocator, NAPI_AUTO_LENGTH, &answer);
  return answer;
}

/** holdFreeMemory(): keeps freed pages for reuse until releaseFreeMemory; answers the allocator's name. */
static napi_value hold(napi_env env, napi_callback_info info) {
  const char *allocator = find_allocator();
  hold_free_memory();
  return describe(env, allocator);
}

/** releaseFreeMemory(): gives every free page back now and restores the configured decay. */
static napi_value release(napi_env env, napi_callback_info info) {
  const char *allocator = find_allocator();
  release_free_memory();
  return describe(env, allocator);
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "holdFreeMemory", NAPI_AUTO_LENGTH, hold, NULL, &function);
  napi_set_named_property(env, exports, "holdFreeMemory", function);
  napi_create_function(env, "releaseFreeMemory", NAPI_AUTO_LENGTH, release, NULL, &function);
  napi_set_named_property(env, exports, "releaseFreeMemory", function);
  return exports;
}
