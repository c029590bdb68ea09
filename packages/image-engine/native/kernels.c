/*
 * Pixel loops of the fit to the original and of area edits in C (docs/decisions/099), as a Node-API addon.
 * Each has a JavaScript twin that does the work where this addon is not built, and the two give the same
 * results: the arithmetic is the JavaScript's, step by step, float64 throughout (compiled without fused
 * multiply-adds), values kept in float32 where its Float32Arrays keep them, bytes rounded half to even and
 * clamped as a Uint8ClampedArray stores them. Tests compare the two.
 *
 * - blendArea(job): an area edit's blend (src/area-edit/compose-area.ts, blendIntoArea): the provider's
 *   picture, through the fit's mapping and tone, written into the base version's pixels where the feather's
 *   weight is above 0, weighted by the fit's weight times the feather's, the lower half of the rows on a thread
 *   of its own (each row writes only its own pixels). Returns undefined.
 * - correlation(...): the registration's normalised cross-correlation of two gradient rasters
 *   (src/fit-to-original/alignment.ts), for one placement of the result.
 *
 * - the preview analysis's loops (preview-kernels.c, docs/decisions/102), registered on the same exports.
 *
 * Each throws a TypeError, having done nothing, when an array is not of the size the rest of its arguments
 * say, so no index can fall outside its array.
 */
#include <math.h>
#include <node_api.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "preview-kernels.h"

typedef struct {
  const void *data;
  size_t length;
} Array;

typedef struct {
  uint8_t *frame;
  int frame_width, frame_height;
  int left, top, width, height; /* the region */
  const uint8_t *alpha;         /* the feather's weight over the region, 0–255 */
  const int32_t *first, *last;  /* per region row: the columns whose feather is above 0 */
  const int32_t *edit, *edit_next, *weight, *weight_next; /* per region column (edit: byte offsets) */
  const float *edit_fraction, *weight_fraction;
  int first_covered, last_covered;
  const float *weights; /* the fit's weight raster */
  int weights_width, weights_height;
  const uint8_t *edited; /* the provider's picture, RGB */
  int edited_width, edited_height;
  double offset_y, scale_y;
  double gain[3], offset[3];
} Job;

static double clamp(double value, double min, double max) { return value < min ? min : value > max ? max : value; }

/* As a Uint8ClampedArray stores a number: NaN and below 0 → 0, above 255 → 255, else rounded half to even. */
static uint8_t clamped(double value) {
  if (!(value > 0)) return 0;
  if (value >= 255) return 255;
  return (uint8_t)nearbyint(value);
}

/* readWeightRow: the weight raster's row at frame row y, read bilinearly; 0 when the whole row is 0. */
static int read_weight_row(const Job *job, float *row, int y) {
  double wv = clamp(((y + 0.5) * job->weights_height) / job->frame_height - 0.5, 0, job->weights_height - 1);
  int wy0 = (int)floor(wv);
  int wy1 = wy0 + 1 < job->weights_height ? wy0 + 1 : job->weights_height - 1;
  double wfy = wv - wy0;
  const float *row0 = job->weights + (size_t)wy0 * job->weights_width;
  const float *row1 = job->weights + (size_t)wy1 * job->weights_width;
  int any = 0;
  for (int x = 0; x < job->weights_width; x++) {
    double a = row0[x];
    double value = a + ((double)row1[x] - a) * wfy;
    row[x] = (float)value;
    if (value > 0) any = 1;
  }
  return any;
}

/* readModelRow: the edit's row at frame row y, tone-matched, columns from..to; 0 when it does not reach y. */
static int read_model_row(const Job *job, float *row, int y, int from, int to) {
  int rw = job->edited_width, rh = job->edited_height;
  double v = (y + 0.5 - job->offset_y) / job->scale_y - 0.5;
  if (v < -0.5 || v > rh - 0.5) return 0;
  int ry0 = (int)clamp(floor(v), 0, rh - 1);
  int ry1 = ry0 + 1 < rh ? ry0 + 1 : rh - 1;
  double fy = clamp(v - ry0, 0, 1);
  const uint8_t *a = job->edited + ((size_t)ry0 * rw + from) * 3;
  const uint8_t *b = job->edited + ((size_t)ry1 * rw + from) * 3;
  for (int i = from * 3; i <= to * 3; i += 3, a += 3, b += 3) {
    for (int c = 0; c < 3; c++) row[i + c] = (float)((a[c] + (b[c] - a[c]) * fy) * job->gain[c] + job->offset[c]);
  }
  return 1;
}

/*
 * One row's run of columns. The job's arrays are read through restrict pointers and each pixel's three bytes
 * are read before any is written: a byte store may alias anything, and would otherwise make the compiler load
 * every value again after each.
 */
static void blend_run(const Job *job, const float *restrict weight_row, const float *restrict edit_row, int j,
                      int first, int last) {
  const uint8_t *restrict alpha = job->alpha + (size_t)j * job->width;
  const int32_t *restrict edit = job->edit, *restrict edit_next = job->edit_next;
  const int32_t *restrict weight = job->weight, *restrict weight_next = job->weight_next;
  const float *restrict edit_fraction = job->edit_fraction, *restrict weight_fraction = job->weight_fraction;
  uint8_t *restrict pixel = job->frame + ((size_t)(job->top + j) * job->frame_width + job->left + first) * 3;
  for (int i = first; i <= last; i++, pixel += 3) {
    int a = alpha[i];
    if (a == 0) continue;
    double w0 = weight_row[weight[i]];
    double k = (w0 + (weight_row[weight_next[i]] - w0) * weight_fraction[i]) * a * (1.0 / 255);
    if (k < 1.0 / 512) continue;
    const float *p = edit_row + edit[i];
    const float *q = edit_row + edit_next[i];
    double fx = edit_fraction[i];
    double r = pixel[0], g = pixel[1], b = pixel[2];
    r = r + ((double)p[0] + ((double)q[0] - p[0]) * fx - r) * k;
    g = g + ((double)p[1] + ((double)q[1] - p[1]) * fx - g) * k;
    b = b + ((double)p[2] + ((double)q[2] - p[2]) * fx - b) * k;
    pixel[0] = clamped(r);
    pixel[1] = clamped(g);
    pixel[2] = clamped(b);
  }
}

/* Rows `from` to `to` (exclusive) of the region; each row writes only its own pixels. */
static void blend(const Job *job, float *weight_row, float *edit_row, int from, int to) {
  for (int j = from; j < to; j++) {
    int y = job->top + j;
    if (!read_weight_row(job, weight_row, y)) continue;
    int first = job->first[j] > job->first_covered ? job->first[j] : job->first_covered;
    int last = job->last[j] < job->last_covered ? job->last[j] : job->last_covered;
    /* positiveRun: the weight row's first and last values above 0 */
    int weighted_first = 0, weighted_last = job->weights_width - 1;
    while (weighted_first < job->weights_width && !(weight_row[weighted_first] > 0)) weighted_first++;
    while (weighted_last >= weighted_first && !(weight_row[weighted_last] > 0)) weighted_last--;
    while (first <= last && job->weight_next[first] < weighted_first) first++;
    while (last >= first && job->weight[last] > weighted_last) last--;
    if (last < first) continue;
    if (!read_model_row(job, edit_row, y, job->edit[first] / 3, job->edit_next[last] / 3)) continue;
    blend_run(job, weight_row, edit_row, j, first, last);
  }
}

/* alignment.ts's correlation: NCC of the original and the result placed by (sx, sy, ox, oy) over the window. */
static double correlate(const float *od, int aw, const float *rd, int rw, int rh, double sx, double sy, double ox,
                        double oy, int left, int top, int right, int bottom, double min_overlap, int *columns,
                        double *fractions) {
  int first_x = aw, last_x = -1;
  for (int x = left; x < right; x++) {
    double u = (x + 0.5 - ox) / sx - 0.5;
    if (u < -0.5 || u > rw - 0.5) continue;
    int x0 = (int)clamp(floor(u), 0, rw - 1);
    columns[2 * x] = x0;
    columns[2 * x + 1] = (x0 + 1 < rw - 1 ? x0 + 1 : rw - 1) - x0;
    fractions[x] = clamp(u - x0, 0, 1);
    if (x < first_x) first_x = x;
    last_x = x;
  }
  double n = 0, sum_a = 0, sum_b = 0, sum_aa = 0, sum_bb = 0, sum_ab = 0;
  for (int y = top; y < bottom; y++) {
    double v = (y + 0.5 - oy) / sy - 0.5;
    if (v < -0.5 || v > rh - 0.5) continue;
    int y0 = (int)clamp(floor(v), 0, rh - 1);
    const float *row0 = rd + (size_t)y0 * rw;
    const float *row1 = rd + (size_t)(y0 + 1 < rh - 1 ? y0 + 1 : rh - 1) * rw;
    double fy = clamp(v - y0, 0, 1);
    const float *original_row = od + (size_t)y * aw;
    for (int x = first_x; x <= last_x; x++) {
      int i0 = columns[2 * x], i1 = i0 + columns[2 * x + 1];
      double fx = fractions[x];
      double upper = (double)row0[i0] + ((double)row0[i1] - row0[i0]) * fx;
      double lower = (double)row1[i0] + ((double)row1[i1] - row1[i0]) * fx;
      double b = upper + (lower - upper) * fy;
      double a = original_row[x];
      sum_a += a;
      sum_b += b;
      sum_aa += a * a;
      sum_bb += b * b;
      sum_ab += a * b;
    }
    if (last_x >= first_x) n += last_x - first_x + 1;
  }
  if (n < min_overlap * (right - left) * (bottom - top)) return -1;
  double covariance = sum_ab - (sum_a * sum_b) / n;
  double variance = (sum_aa - (sum_a * sum_a) / n) * (sum_bb - (sum_b * sum_b) / n);
  return variance > 0 ? covariance / sqrt(variance) : -1;
}

typedef struct {
  const Job *job;
  int from, to;
  float *weight_row, *edit_row;
} Half;

static void *blend_half(void *argument) {
  Half *half = argument;
  blend(half->job, half->weight_row, half->edit_row, half->from, half->to);
  return NULL;
}

/* ---- arguments ---- */

static napi_value property(napi_env env, napi_value object, const char *name) {
  napi_value value = NULL;
  napi_get_named_property(env, object, name, &value);
  return value;
}

static int int_property(napi_env env, napi_value object, const char *name, int *into) {
  double number = NAN;
  napi_get_value_double(env, property(env, object, name), &number);
  if (!(number >= -1 && number <= 1e9) || number != floor(number)) return -1;
  *into = (int)number;
  return 0;
}

static int double_property(napi_env env, napi_value object, const char *name, double *into) {
  *into = NAN;
  napi_get_value_double(env, property(env, object, name), into);
  return isfinite(*into) ? 0 : -1;
}

/* A typed array's elements (no copy), if it is of `type` with exactly `count` elements. */
static int typed(napi_env env, napi_value object, const char *name, napi_typedarray_type type, size_t count,
                 const void **into) {
  napi_typedarray_type actual;
  size_t length = 0;
  void *data = NULL;
  if (napi_get_typedarray_info(env, property(env, object, name), &actual, &length, &data, NULL, NULL) != napi_ok)
    return -1;
  /* A Buffer is a Uint8Array; a Uint8ClampedArray holds the same bytes. */
  if (type == napi_uint8_array && actual == napi_uint8_clamped_array) actual = napi_uint8_array;
  if (actual != type || length != count) return -1;
  *into = data;
  return 0;
}

static int three_numbers(napi_env env, napi_value object, const char *name, double into[3]) {
  napi_value array = property(env, object, name);
  for (uint32_t c = 0; c < 3; c++) {
    napi_value element;
    into[c] = NAN;
    if (napi_get_element(env, array, c, &element) == napi_ok) napi_get_value_double(env, element, &into[c]);
    if (!isfinite(into[c])) return -1;
  }
  return 0;
}

/* Every index the blend reads, checked once: columns, rows' runs, the raster and the picture's sizes. */
static int indices_inside(const Job *job) {
  if (job->width < 1 || job->height < 1 || job->left < 0 || job->top < 0 ||
      job->left + job->width > job->frame_width || job->top + job->height > job->frame_height)
    return -1;
  if (job->weights_width < 1 || job->weights_height < 1 || job->edited_width < 1 || job->edited_height < 1)
    return -1;
  if (job->first_covered < 0 || job->last_covered >= job->width || !(job->scale_y != 0)) return -1;
  for (int i = 0; i < job->width; i++) {
    int edit_end = job->edited_width * 3;
    if (job->edit[i] < 0 || job->edit[i] % 3 || job->edit[i] >= edit_end) return -1;
    if (job->edit_next[i] < 0 || job->edit_next[i] % 3 || job->edit_next[i] >= edit_end) return -1;
    if (job->weight[i] < 0 || job->weight[i] >= job->weights_width) return -1;
    if (job->weight_next[i] < 0 || job->weight_next[i] >= job->weights_width) return -1;
  }
  for (int j = 0; j < job->height; j++) {
    if (job->first[j] < 0 || job->last[j] >= job->width) return -1;
  }
  return 0;
}

static int read_job(napi_env env, napi_value object, Job *job) {
  napi_value frame = property(env, object, "frame"), region = property(env, object, "region");
  napi_value feather = property(env, object, "feather"), columns = property(env, object, "columns");
  napi_value weights = property(env, object, "weight"), edited = property(env, object, "edited");
  napi_value mapping = property(env, object, "mapping"), tone = property(env, object, "tone");
  if (int_property(env, frame, "width", &job->frame_width) || int_property(env, frame, "height", &job->frame_height) ||
      int_property(env, region, "left", &job->left) || int_property(env, region, "top", &job->top) ||
      int_property(env, region, "width", &job->width) || int_property(env, region, "height", &job->height) ||
      int_property(env, columns, "firstCovered", &job->first_covered) ||
      int_property(env, columns, "lastCovered", &job->last_covered) ||
      int_property(env, weights, "width", &job->weights_width) ||
      int_property(env, weights, "height", &job->weights_height) ||
      int_property(env, edited, "width", &job->edited_width) ||
      int_property(env, edited, "height", &job->edited_height) ||
      double_property(env, mapping, "offsetY", &job->offset_y) ||
      double_property(env, mapping, "scaleY", &job->scale_y) || three_numbers(env, tone, "gain", job->gain) ||
      three_numbers(env, tone, "offset", job->offset))
    return -1;
  if (job->frame_width < 1 || job->frame_height < 1 || job->width < 1 || job->height < 1 ||
      job->weights_width < 1 || job->weights_height < 1 || job->edited_width < 1 || job->edited_height < 1)
    return -1;
  size_t area = (size_t)job->width * job->height;
  if (typed(env, frame, "data", napi_uint8_array, (size_t)job->frame_width * job->frame_height * 3,
            (const void **)&job->frame) ||
      typed(env, feather, "alpha", napi_uint8_array, area, (const void **)&job->alpha) ||
      typed(env, feather, "first", napi_int32_array, job->height, (const void **)&job->first) ||
      typed(env, feather, "last", napi_int32_array, job->height, (const void **)&job->last) ||
      typed(env, columns, "edit", napi_int32_array, job->width, (const void **)&job->edit) ||
      typed(env, columns, "editNext", napi_int32_array, job->width, (const void **)&job->edit_next) ||
      typed(env, columns, "editFraction", napi_float32_array, job->width, (const void **)&job->edit_fraction) ||
      typed(env, columns, "weight", napi_int32_array, job->width, (const void **)&job->weight) ||
      typed(env, columns, "weightNext", napi_int32_array, job->width, (const void **)&job->weight_next) ||
      typed(env, columns, "weightFraction", napi_float32_array, job->width,
            (const void **)&job->weight_fraction) ||
      typed(env, weights, "data", napi_float32_array, (size_t)job->weights_width * job->weights_height,
            (const void **)&job->weights) ||
      typed(env, edited, "data", napi_uint8_array, (size_t)job->edited_width * job->edited_height * 3,
            (const void **)&job->edited))
    return -1;
  return indices_inside(job);
}

/* blendArea({ frame, region, feather, columns, weight, edited, mapping, tone }) → undefined */
static napi_value blend_area(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  Job job = {0};
  if (argc < 1 || read_job(env, argv[0], &job)) {
    napi_throw_type_error(env, NULL, "blendArea: arrays or sizes that do not agree");
    return NULL;
  }
  /* Two halves of the rows, the lower one on a thread of its own: the edit waits for this step. */
  Half halves[2] = {{&job, 0, job.height / 2, NULL, NULL}, {&job, job.height / 2, job.height, NULL, NULL}};
  int allocated = 1;
  for (int k = 0; k < 2; k++) {
    halves[k].weight_row = malloc(sizeof(float) * job.weights_width);
    halves[k].edit_row = malloc(sizeof(float) * job.edited_width * 3);
    allocated = allocated && halves[k].weight_row && halves[k].edit_row;
  }
  if (allocated) {
    pthread_t lower;
    int threaded = pthread_create(&lower, NULL, blend_half, &halves[1]) == 0;
    blend_half(&halves[0]);
    if (threaded) pthread_join(lower, NULL);
    else blend_half(&halves[1]);
  } else {
    napi_throw_error(env, NULL, "blendArea: out of memory");
  }
  for (int k = 0; k < 2; k++) {
    free(halves[k].weight_row);
    free(halves[k].edit_row);
  }
  return NULL;
}


/*
 * correlation(original, originalWidth, result, resultWidth, placement, window, minOverlap) → number, where
 * placement is a Float64Array [sx, sy, ox, oy] and window an Int32Array [left, top, right, bottom].
 */
static napi_value correlation(napi_env env, napi_callback_info info) {
  size_t argc = 7;
  napi_value argv[7];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  napi_typedarray_type types[4];
  size_t lengths[4] = {0};
  void *data[4] = {NULL};
  const int arrays[4] = {0, 2, 4, 5};
  const napi_typedarray_type wanted[4] = {napi_float32_array, napi_float32_array, napi_float64_array,
                                          napi_int32_array};
  double aw = 0, rw = 0, min_overlap = NAN;
  int ok = argc >= 7 && napi_get_value_double(env, argv[1], &aw) == napi_ok &&
           napi_get_value_double(env, argv[3], &rw) == napi_ok &&
           napi_get_value_double(env, argv[6], &min_overlap) == napi_ok;
  for (int k = 0; ok && k < 4; k++) {
    ok = napi_get_typedarray_info(env, argv[arrays[k]], &types[k], &lengths[k], &data[k], NULL, NULL) == napi_ok &&
         types[k] == wanted[k];
  }
  ok = ok && aw >= 1 && rw >= 1 && aw == floor(aw) && rw == floor(rw) && aw <= 1e6 && rw <= 1e6 &&
       lengths[2] == 4 && lengths[3] == 4 && isfinite(min_overlap);
  int width = (int)aw, result_width = (int)rw;
  int height = ok ? (int)(lengths[0] / width) : 0, result_height = ok ? (int)(lengths[1] / result_width) : 0;
  const double *placement = data[2];
  const int32_t *window = data[3];
  ok = ok && (size_t)width * height == lengths[0] && (size_t)result_width * result_height == lengths[1] &&
       height >= 1 && result_height >= 1 && window[0] >= 0 && window[1] >= 0 && window[2] <= width &&
       window[3] <= height && placement[0] != 0 && placement[1] != 0;
  for (int k = 0; ok && k < 4; k++) ok = isfinite(placement[k]);
  if (!ok) {
    napi_throw_type_error(env, NULL, "correlation: arrays or sizes that do not agree");
    return NULL;
  }
  int *columns = malloc(sizeof(int) * 2 * width);
  double *fractions = malloc(sizeof(double) * width);
  napi_value answer = NULL;
  if (columns && fractions) {
    double score = correlate(data[0], width, data[1], result_width, result_height, placement[0], placement[1],
                             placement[2], placement[3], window[0], window[1], window[2], window[3], min_overlap,
                             columns, fractions);
    napi_create_double(env, score, &answer);
  } else {
    napi_throw_error(env, NULL, "correlation: out of memory");
  }
  free(columns);
  free(fractions);
  return answer;
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "blendArea", NAPI_AUTO_LENGTH, blend_area, NULL, &function);
  napi_set_named_property(env, exports, "blendArea", function);
  napi_create_function(env, "correlation", NAPI_AUTO_LENGTH, correlation, NULL, &function);
  napi_set_named_property(env, exports, "correlation", function);
  register_preview_kernels(env, exports);
  return exports;
}
