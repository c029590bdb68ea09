/*
 * The local engine's preview analysis in C (docs/decisions/102): the loops Professional Enhancement's plan runs
 * over its 320 px copy (src/local/preview.ts, planes.ts, professional-enhancement.ts and the box blur of
 * src/fit-to-original/raster.ts), each the twin of one JavaScript function, with the same arithmetic as
 * kernels.c's: float64 without fused multiply-adds, float32 where a Float32Array keeps a value. Tests compare
 * each with its twin, and the whole plan. Only loops live here; the plan's decisions (and its powers and
 * logarithms, which C's library may round differently from V8's) stay in JavaScript.
 *
 * Every function takes its output arrays from JavaScript and checks their lengths against its inputs first,
 * throwing a TypeError, having written nothing, when they do not agree.
 */
#include <math.h>
#include <node_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preview-kernels.h"

#define PERCENTILE_BINS 4096

/* Math.round: the nearest integer, halves toward +∞ (V8 rounds up, then steps back when that went past). */
static double js_round(double value) {
  double up = ceil(value);
  return up - 0.5 > value ? up - 1 : up;
}

/* Math.max and Math.min of two numbers: NaN if either is. */
static double js_max(double a, double b) { return isnan(a) || isnan(b) ? NAN : a > b ? a : b; }
static double js_min(double a, double b) { return isnan(a) || isnan(b) ? NAN : a < b ? a : b; }

/* ---- the loops ---- */

/* halveImage: each output pixel the rounded mean of a 2×2 block (edges repeat). */
static void halve_image(const uint8_t *in, int width, int height, uint8_t *out, int out_width, int out_height) {
  size_t stride = (size_t)width * 3;
  for (int y = 0; y < out_height; y++) {
    for (int x = 0; x < out_width; x++) {
      size_t top_left = (size_t)(2 * y < height ? 2 * y : height - 1) * stride + (2 * x < width ? 2 * x : width - 1) * 3;
      size_t right = 2 * x + 1 < width ? 3 : 0;
      size_t down = 2 * y + 1 < height ? stride : 0;
      for (int c = 0; c < 3; c++) {
        size_t i = top_left + c;
        int sum = in[i] + in[i + right] + in[i + down] + in[i + down + right];
        out[((size_t)y * out_width + x) * 3 + c] = (uint8_t)((sum + 2) >> 2);
      }
    }
  }
}

/* describePreview: RGB, Rec. 601 luma and HSV per pixel. */
static void describe_preview(const uint8_t *in, size_t count, float *red, float *green, float *blue, float *luma,
                             float *hue, float *saturation, float *value) {
  for (size_t i = 0; i < count; i++) {
    double r = in[i * 3], g = in[i * 3 + 1], b = in[i * 3 + 2];
    red[i] = (float)r;
    green[i] = (float)g;
    blue[i] = (float)b;
    luma[i] = (float)(0.299 * r + 0.587 * g + 0.114 * b);
    double max = js_max(js_max(r, g), b);
    double chroma = max - js_min(js_min(r, g), b);
    double sector = 0;
    if (chroma != 0) {
      if (max == r) sector = fmod((g - b) / chroma + 6, 6);
      else if (max == g) sector = (b - r) / chroma + 2;
      else sector = (r - g) / chroma + 4;
    }
    hue[i] = (float)(chroma == 0 ? 0 : sector * 60);
    saturation[i] = (float)(max > 0 ? chroma / max : 0);
    value[i] = (float)(max / 255);
  }
}

/* percentiles: one histogram of 4096 bins over the values' range. */
static void percentiles(const float *values, size_t count, const double *fractions, size_t wanted_count, double *out) {
  if (count == 0) {
    for (size_t k = 0; k < wanted_count; k++) out[k] = 0;
    return;
  }
  double min = INFINITY, max = -INFINITY;
  for (size_t i = 0; i < count; i++) {
    double value = values[i];
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (max == min) {
    for (size_t k = 0; k < wanted_count; k++) out[k] = min;
    return;
  }
  double scale = (PERCENTILE_BINS - 1) / (max - min);
  uint32_t histogram[PERCENTILE_BINS] = {0};
  for (size_t i = 0; i < count; i++) {
    double bin = js_round(((double)values[i] - min) * scale);
    if (bin >= 0 && bin < PERCENTILE_BINS) histogram[(int)bin]++;
  }
  for (size_t k = 0; k < wanted_count; k++) {
    double wanted = js_min((double)count - 1, js_max(0, js_round(fractions[k] * ((double)count - 1))));
    double seen = 0;
    int holding = -1;
    for (int bin = 0; bin < PERCENTILE_BINS; bin++) {
      seen += histogram[bin];
      if (seen > wanted) {
        holding = bin;
        break;
      }
    }
    out[k] = holding < 0 ? max : min + holding / scale;
  }
}

/* neutralMean's sums: weighted red, green, blue and the weights, of the pixels greyer than `limit`. */
static void neutral_sums(const Channels *p, size_t count, double limit, double sums[4]) {
  double red = 0, green = 0, blue = 0, weights = 0;
  for (size_t i = 0; i < count; i++) {
    double luma = p->luma[i];
    if (luma < 20 || luma > 245 || p->saturation[i] >= limit) continue;
    double share = 1 - p->saturation[i] / limit;
    double weight = share * share; /* V8's ** 2 is this one product */
    red += weight * p->red[i];
    green += weight * p->green[i];
    blue += weight * p->blue[i];
    weights += weight;
  }
  sums[0] = red, sums[1] = green, sums[2] = blue, sums[3] = weights;
}

/* brightestMean's sums: red, green, blue and the count of the unclipped pixels at or above `threshold`. */
static void brightest_sums(const Channels *p, size_t count, double threshold, double sums[4]) {
  double red = 0, green = 0, blue = 0, n = 0;
  for (size_t i = 0; i < count; i++) {
    int unclipped = js_max(js_max(p->red[i], p->green[i]), p->blue[i]) < 254;
    if (p->luma[i] < threshold || !unclipped) continue;
    red += p->red[i];
    green += p->green[i];
    blue += p->blue[i];
    n++;
  }
  sums[0] = red, sums[1] = green, sums[2] = blue, sums[3] = n;
}

/* toneCurves' luma of the white-balanced pixels. */
static void balanced_luma(const Channels *p, size_t count, const double gains[3], float *out) {
  for (size_t i = 0; i < count; i++) {
    out[i] = (float)(0.299 * gains[0] * p->red[i] + 0.587 * gains[1] * p->green[i] + 0.114 * gains[2] * p->blue[i]);
  }
}

/* A curve's entry for a channel's value; NaN where JavaScript would read past the table (undefined). */
static double curve_at(const float *curve, double value) {
  return value >= 0 && value < 256 && value == floor(value) ? curve[(int)value] : NAN;
}

/* applyCurvesToLuma: the luma (0–1) of the pixels through the curves (3 × 256 entries, red first). */
static void toned_luma(const Channels *p, size_t count, const float *curves, float *out) {
  for (size_t i = 0; i < count; i++) {
    double r = curve_at(curves, p->red[i]), g = curve_at(curves + 256, p->green[i]);
    double b = curve_at(curves + 512, p->blue[i]);
    out[i] = (float)((0.299 * r + 0.587 * g + 0.114 * b) / 255);
  }
}

/* meanSaturation: the mean HSV saturation of the pixels through the curves (channel values truncated, as `| 0`). */
static double mean_saturation(const Channels *p, size_t count, const float *curves) {
  double sum = 0;
  for (size_t i = 0; i < count; i++) {
    double r = curve_at(curves, trunc(p->red[i])), g = curve_at(curves + 256, trunc(p->green[i]));
    double b = curve_at(curves + 512, trunc(p->blue[i]));
    double max = js_max(js_max(r, g), b);
    sum += max > 0 ? (max - js_min(js_min(r, g), b)) / max : 0;
  }
  return sum / js_max(1, (double)count);
}

static inline int clamp_index(int value, int last) { return value < 0 ? 0 : value > last ? last : value; }

/* raster.ts's boxBlur: running sums along the rows, then down the columns (float64 sums, float32 values). */
static int box_blur(const float *in, int width, int height, int radius, float *out) {
  size_t count = (size_t)width * height;
  if (radius <= 0) {
    memcpy(out, in, count * sizeof(float));
    return 0;
  }
  float *horizontal = malloc(count * sizeof(float));
  double *sums = calloc(width, sizeof(double));
  if (!horizontal || !sums) {
    free(horizontal);
    free(sums);
    return -1;
  }
  double size = 2 * radius + 1;
  for (int y = 0; y < height; y++) {
    const float *row = in + (size_t)y * width;
    float *target = horizontal + (size_t)y * width;
    double sum = 0;
    for (int k = -radius; k <= radius; k++) sum += row[clamp_index(k, width - 1)];
    for (int x = 0; x < width; x++) {
      target[x] = (float)(sum / size);
      sum += (double)row[clamp_index(x + radius + 1, width - 1)] - row[clamp_index(x - radius, width - 1)];
    }
  }
  for (int k = -radius; k <= radius; k++) {
    const float *row = horizontal + (size_t)clamp_index(k, height - 1) * width;
    for (int x = 0; x < width; x++) sums[x] = sums[x] + row[x];
  }
  for (int y = 0; y < height; y++) {
    const float *entering = horizontal + (size_t)clamp_index(y + radius + 1, height - 1) * width;
    const float *leaving = horizontal + (size_t)clamp_index(y - radius, height - 1) * width;
    float *target = out + (size_t)y * width;
    for (int x = 0; x < width; x++) {
      target[x] = (float)(sums[x] / size);
      sums[x] = sums[x] + ((double)entering[x] - leaving[x]);
    }
  }
  free(horizontal);
  free(sums);
  return 0;
}

/* planes.ts's guidedSmooth: the self-guided filter, from five box blurs. */
static int guided_smooth(const float *in, int width, int height, int radius, double epsilon, float *out) {
  size_t count = (size_t)width * height;
  float *scratch = malloc(6 * count * sizeof(float));
  if (!scratch) return -1;
  float *squares = scratch, *mean = scratch + count, *mean_of_squares = scratch + 2 * count;
  float *a = scratch + 3 * count, *b = scratch + 4 * count, *mean_a = scratch + 5 * count, *mean_b = squares;
  for (size_t i = 0; i < count; i++) squares[i] = (float)((double)in[i] * in[i]);
  int failed = box_blur(in, width, height, radius, mean) || box_blur(squares, width, height, radius, mean_of_squares);
  for (size_t i = 0; !failed && i < count; i++) {
    double variance = js_max(0, (double)mean_of_squares[i] - (double)mean[i] * mean[i]);
    a[i] = (float)(variance / (variance + epsilon));
    b[i] = (float)(mean[i] * (1 - (double)a[i]));
  }
  failed = failed || box_blur(a, width, height, radius, mean_a) || box_blur(b, width, height, radius, mean_b);
  for (size_t i = 0; !failed && i < count; i++) out[i] = (float)((double)mean_a[i] * in[i] + mean_b[i]);
  free(scratch);
  return failed ? -1 : 0;
}

/* professional-enhancement.ts's gainValues: shadow lift times clarity, kept within 0.8–2. */
static void gain_values(const float *base, const float *mid_scale, size_t count, double lift, double clarity,
                        float *out) {
  for (size_t i = 0; i < count; i++) {
    double base_value = base[i];
    double shade = 1 - base_value;
    double shadow_gain = 1 + lift * shade * shade * shade;
    double detail = 1 + (clarity * (mid_scale[i] - base_value)) / js_max(base_value, 0.1);
    out[i] = (float)js_min(2, js_max(0.8, shadow_gain * detail));
  }
}

/* ---- arguments ---- */

static napi_value throw_type_error(napi_env env, const char *name) {
  char message[160];
  snprintf(message, sizeof message, "%s: arrays or sizes that do not agree", name);
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

/* A typed array's elements (no copy), if it is one of `type`; its length in *length. */
static void *typed_argument(napi_env env, napi_value value, napi_typedarray_type type, size_t *length) {
  napi_typedarray_type actual;
  void *data = NULL;
  if (napi_get_typedarray_info(env, value, &actual, length, &data, NULL, NULL) != napi_ok) return NULL;
  if (type == napi_uint8_array && actual == napi_uint8_clamped_array) actual = napi_uint8_array;
  return actual == type ? (data ? data : (void *)"") : NULL;
}

/* A float32 array of exactly `count` elements, or NULL. */
static float *floats(napi_env env, napi_value value, size_t count) {
  size_t length = 0;
  float *data = typed_argument(env, value, napi_float32_array, &length);
  return data && length == count ? data : NULL;
}

/* A whole number from 0 to 1e9, or -1. */
static double size_argument(napi_env env, napi_value value) {
  double number = NAN;
  napi_get_value_double(env, value, &number);
  return number >= 0 && number <= 1e9 && number == floor(number) ? number : -1;
}

static double number_argument(napi_env env, napi_value value) {
  double number = NAN;
  napi_get_value_double(env, value, &number);
  return number;
}

/* The arguments, up to `wanted`; NULL if fewer were given. */
#define ARGUMENTS(wanted)                                        \
  size_t argc = wanted;                                          \
  napi_value argv[wanted];                                       \
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);          \
  if (argc < wanted) return throw_type_error(env, __func__);

/* Four float32 channels (red, green, blue, luma) of the same length, then saturation if `with_saturation`. */
static size_t read_channels(napi_env env, napi_value *argv, int with_saturation, Channels *channels) {
  size_t count = 0;
  channels->red = typed_argument(env, argv[0], napi_float32_array, &count);
  channels->green = floats(env, argv[1], count);
  channels->blue = floats(env, argv[2], count);
  channels->luma = floats(env, argv[3], count);
  channels->saturation = with_saturation ? floats(env, argv[4], count) : NULL;
  int ok = channels->red && channels->green && channels->blue && channels->luma &&
           (!with_saturation || channels->saturation);
  return ok ? count : (size_t)-1;
}

static napi_value number_value(napi_env env, double number) {
  napi_value value;
  napi_create_double(env, number, &value);
  return value;
}

static napi_value nothing(napi_env env) {
  napi_value value;
  napi_get_undefined(env, &value);
  return value;
}

/* ---- the functions JavaScript calls ---- */

/* halveImage(rgb, width, height, out): out is RGB of max(1, width >> 1) × max(1, height >> 1). */
static napi_value halve_image_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(4)
  size_t in_length = 0, out_length = 0;
  const uint8_t *in = typed_argument(env, argv[0], napi_uint8_array, &in_length);
  double width = size_argument(env, argv[1]), height = size_argument(env, argv[2]);
  uint8_t *out = typed_argument(env, argv[3], napi_uint8_array, &out_length);
  int out_width = width >= 2 ? (int)width >> 1 : 1, out_height = height >= 2 ? (int)height >> 1 : 1;
  if (!in || !out || width < 1 || height < 1 || in_length != (size_t)width * height * 3 ||
      out_length != (size_t)out_width * out_height * 3)
    return throw_type_error(env, "halveImage");
  halve_image(in, (int)width, (int)height, out, out_width, out_height);
  return nothing(env);
}

/* describePreview(rgb, red, green, blue, luma, hue, saturation, value) */
static napi_value describe_preview_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(8)
  size_t in_length = 0, count = 0;
  const uint8_t *in = typed_argument(env, argv[0], napi_uint8_array, &in_length);
  float *red = typed_argument(env, argv[1], napi_float32_array, &count);
  float *out[6];
  int ok = in && red && in_length == count * 3;
  for (int k = 0; ok && k < 6; k++) ok = (out[k] = floats(env, argv[2 + k], count)) != NULL;
  if (!ok) return throw_type_error(env, "describePreview");
  describe_preview(in, count, red, out[0], out[1], out[2], out[3], out[4], out[5]);
  return nothing(env);
}

/* percentiles(values, fractions, out): fractions and out are Float64Arrays of one length. */
static napi_value percentiles_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(3)
  size_t count = 0, wanted = 0, out_length = 0;
  const float *values = typed_argument(env, argv[0], napi_float32_array, &count);
  const double *fractions = typed_argument(env, argv[1], napi_float64_array, &wanted);
  double *out = typed_argument(env, argv[2], napi_float64_array, &out_length);
  if (!values || !fractions || !out || out_length != wanted) return throw_type_error(env, "percentiles");
  percentiles(values, count, fractions, wanted, out);
  return nothing(env);
}

/* neutralSums(red, green, blue, luma, saturation, limit, out): out a Float64Array of 4. */
static napi_value neutral_sums_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(7)
  Channels channels;
  size_t count = read_channels(env, argv, 1, &channels), out_length = 0;
  double *out = typed_argument(env, argv[6], napi_float64_array, &out_length);
  if (count == (size_t)-1 || !out || out_length != 4) return throw_type_error(env, "neutralSums");
  neutral_sums(&channels, count, number_argument(env, argv[5]), out);
  return nothing(env);
}

/* brightestSums(red, green, blue, luma, threshold, out): out a Float64Array of 4. */
static napi_value brightest_sums_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(6)
  Channels channels;
  size_t count = read_channels(env, argv, 0, &channels), out_length = 0;
  double *out = typed_argument(env, argv[5], napi_float64_array, &out_length);
  if (count == (size_t)-1 || !out || out_length != 4) return throw_type_error(env, "brightestSums");
  brightest_sums(&channels, count, number_argument(env, argv[4]), out);
  return nothing(env);
}

/* balancedLuma(red, green, blue, luma, gains, out): gains a Float64Array of 3. */
static napi_value balanced_luma_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(6)
  Channels channels;
  size_t count = read_channels(env, argv, 0, &channels), gains_length = 0;
  const double *gains = typed_argument(env, argv[4], napi_float64_array, &gains_length);
  float *out = floats(env, argv[5], count);
  if (count == (size_t)-1 || !gains || gains_length != 3 || !out) return throw_type_error(env, "balancedLuma");
  balanced_luma(&channels, count, gains, out);
  return nothing(env);
}

/* tonedLuma(red, green, blue, luma, curves, out): curves a Float32Array of 768 (red, green, blue). */
static napi_value toned_luma_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(6)
  Channels channels;
  size_t count = read_channels(env, argv, 0, &channels);
  const float *curves = floats(env, argv[4], 768);
  float *out = floats(env, argv[5], count);
  if (count == (size_t)-1 || !curves || !out) return throw_type_error(env, "tonedLuma");
  toned_luma(&channels, count, curves, out);
  return nothing(env);
}

/* meanSaturation(red, green, blue, luma, curves) → number */
static napi_value mean_saturation_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(5)
  Channels channels;
  size_t count = read_channels(env, argv, 0, &channels);
  const float *curves = floats(env, argv[4], 768);
  if (count == (size_t)-1 || !curves) return throw_type_error(env, "meanSaturation");
  return number_value(env, mean_saturation(&channels, count, curves));
}

/* The plane arguments of boxBlur and guidedSmooth: values, width, height, radius, …, out. */
static int plane_arguments(napi_env env, napi_value *argv, int out_index, const float **in, int *width, int *height,
                           int *radius, float **out) {
  double w = size_argument(env, argv[1]), h = size_argument(env, argv[2]), r = size_argument(env, argv[3]);
  if (w < 1 || h < 1 || r < 0 || r > 1e6 || w * h > 1e9) return -1;
  *width = (int)w, *height = (int)h, *radius = (int)r;
  *in = floats(env, argv[0], (size_t)w * h);
  *out = floats(env, argv[out_index], (size_t)w * h);
  return *in && *out && *in != *out ? 0 : -1;
}

/* boxBlur(values, width, height, radius, out) */
static napi_value box_blur_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(5)
  const float *in;
  float *out;
  int width, height, radius;
  if (plane_arguments(env, argv, 4, &in, &width, &height, &radius, &out)) return throw_type_error(env, "boxBlur");
  if (box_blur(in, width, height, radius, out)) napi_throw_error(env, NULL, "boxBlur: out of memory");
  return nothing(env);
}

/* guidedSmooth(values, width, height, radius, epsilon, out) */
static napi_value guided_smooth_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(6)
  const float *in;
  float *out;
  int width, height, radius;
  if (plane_arguments(env, argv, 5, &in, &width, &height, &radius, &out)) return throw_type_error(env, "guidedSmooth");
  if (guided_smooth(in, width, height, radius, number_argument(env, argv[4]), out))
    napi_throw_error(env, NULL, "guidedSmooth: out of memory");
  return nothing(env);
}

/* gainValues(base, midScale, lift, clarity, out) */
static napi_value gain_values_call(napi_env env, napi_callback_info info) {
  ARGUMENTS(5)
  size_t count = 0;
  const float *base = typed_argument(env, argv[0], napi_float32_array, &count);
  const float *mid_scale = floats(env, argv[1], count);
  float *out = floats(env, argv[4], count);
  if (!base || !mid_scale || !out) return throw_type_error(env, "gainValues");
  gain_values(base, mid_scale, count, number_argument(env, argv[2]), number_argument(env, argv[3]), out);
  return nothing(env);
}

void register_preview_kernels(napi_env env, napi_value exports) {
  const struct {
    const char *name;
    napi_callback call;
  } functions[] = {
      {"halveImage", halve_image_call},       {"describePreview", describe_preview_call},
      {"percentiles", percentiles_call},      {"neutralSums", neutral_sums_call},
      {"brightestSums", brightest_sums_call}, {"balancedLuma", balanced_luma_call},
      {"tonedLuma", toned_luma_call},         {"meanSaturation", mean_saturation_call},
      {"boxBlur", box_blur_call},             {"guidedSmooth", guided_smooth_call},
      {"gainValues", gain_values_call},
  };
  for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++) {
    napi_value function;
    napi_create_function(env, functions[k].name, NAPI_AUTO_LENGTH, functions[k].call, NULL, &function);
    napi_set_named_property(env, exports, functions[k].name, function);
  }
}
