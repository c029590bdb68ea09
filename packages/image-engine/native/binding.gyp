{
  "targets": [
    {
      "target_name": "enhancement_pass",
      "sources": ["enhancement-pass.c"],
      "include_dirs": ["<!@(node libvips-paths.mjs include)"],
      "libraries": [
        "-L<!(node libvips-paths.mjs lib)",
        "-l:<!(node libvips-paths.mjs library)",
        "-Wl,-rpath,'$$ORIGIN/<!(node libvips-paths.mjs rpath)'"
      ],
      "cflags": ["-O3", "-std=gnu11", "-ffp-contract=off", "-Wall", "-Wno-unused-parameter"]
    },
    {
      "target_name": "kernels",
      "sources": ["kernels.c", "preview-kernels.c"],
      "cflags": ["-O3", "-std=gnu11", "-ffp-contract=off", "-Wall", "-Wno-unused-parameter"]
    },
    {
      "target_name": "free_memory",
      "sources": ["free-memory.c"],
      "libraries": ["-ldl"],
      "cflags": ["-O2", "-std=gnu11", "-Wall", "-Wno-unused-parameter"]
    }
  ]
}
