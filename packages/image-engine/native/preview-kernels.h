/* The preview analysis's loops (preview-kernels.c), registered on the kernels addon's exports by kernels.c. */
#ifndef HEARTH_PREVIEW_KERNELS_H
#define HEARTH_PREVIEW_KERNELS_H
#include <node_api.h>

/* A preview's channels (preview.ts's PreviewPixels), as the loops read them. */
typedef struct {
  const float *red, *green, *blue, *luma, *saturation;
} Channels;

void register_preview_kernels(napi_env env, napi_value exports);
#endif
