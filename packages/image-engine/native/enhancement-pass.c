/*
 * Professional Enhancement's full-resolution pass as a libvips operation, run between libvips' own JPEG
 * decode and encode (docs/decisions/095): libvips decodes a strip, this pass edits it while it is still in
 * cache, and the encoder compresses it on its own thread, so no full frame is ever held and the pass
 * overlaps the encode. The arithmetic is the JavaScript specification's (enhanceRowInJs and RowSampler in
 * ../src/local), step for step, so the pixels are the WebAssembly kernel's to the bit; the unit tests
 * compare the two paths' files byte for byte.
 *
 * Two functions for JavaScript (../src/local/native-pass.ts): enhanceJpegFile(inputPath, outputPath, plan, options)
 * → Promise<void>, run on libuv's thread pool as sharp's calls are, and enhanceRgb for pixels in memory.
 */
#include <node_api.h>
#include <vips/vips.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HIGH_PASS_RANGE 1020
#define SHARPENING_LENGTH (2 * HIGH_PASS_RANGE + 1)
/* Skin, wood and orange keep 30% of the vibrance (×256), as in enhancement-kernel.ts. */
#define SKIN_VIBRANCE_SHARE 77
/* The tables, in the order JavaScript hands them over in one Int32Array. */
#define TABLES_LENGTH (4 * 256 + SHARPENING_LENGTH)

/* Error codes JavaScript reads: an input this pass does not take goes the WebAssembly way instead. */
#define UNSUPPORTED "HEARTH_NATIVE_UNSUPPORTED"
#define FAILED "HEARTH_NATIVE_FAILED"

typedef struct {
  int32_t red[256], green[256], blue[256], vibrance[256];
  int32_t sharpening[SHARPENING_LENGTH];
  /* The gain plane (×256) at preview resolution, and where its columns fall along a full-size row. */
  float *plane;
  int plane_width, plane_height;
  int32_t *span_end; /* plane_width − 1 entries */
  int first_interpolated;
  double scale;
  /* The size the plan was made for, after the EXIF orientation: the decoded photo must match it. */
  int width, height;
} Plan;

typedef struct {
  char *input_path, *output_path;
  Plan plan;
  int quality;
  double max_pixels;
  /* Set by the work on the thread pool: NULL on success. */
  const char *error_code;
  char *error_message;
  napi_deferred deferred;
  napi_async_work work;
} Job;

/* ---- The pass: RowSampler.blendRow, RowSampler.sampleRow and enhanceRowInJs, in the same arithmetic ---- */

/* Compiled with -ffp-contract=off: every float64 step rounds as JavaScript's does (no fused multiply-add). */
static void blend_row(const Plan *plan, int y, float *blended) {
  double source = ((y + 0.5) * plan->plane_height) / plan->height - 0.5;
  source = fmin(plan->plane_height - 1, fmax(0, source));
  int top = (int)floor(source);
  int bottom = top + 1 < plan->plane_height - 1 ? top + 1 : plan->plane_height - 1;
  double weight = source - top;
  const float *upper_row = plan->plane + (size_t)top * plan->plane_width;
  const float *lower_row = plan->plane + (size_t)bottom * plan->plane_width;
  for (int x = 0; x < plan->plane_width; x++) {
    double upper = upper_row[x];
    blended[x] = (float)(upper + ((double)lower_row[x] - upper) * weight);
  }
}

static void sample_gains(const Plan *plan, const float *blended, float *gains) {
  int x = 0;
  for (; x < plan->first_interpolated; x++) gains[x] = blended[0];
  int spans = plan->plane_width - 1;
  for (int column = 0; column < spans; column++) {
    double left = blended[column];
    double difference = (double)blended[column + 1] - left;
    double step = difference * plan->scale;
    double value = left + difference * (((x + 0.5) * plan->scale - 0.5) - column);
    for (int end = plan->span_end[column]; x < end; x++, value += step) gains[x] = (float)value;
  }
  for (; x < plan->width; x++) gains[x] = blended[spans];
}

static inline uint8_t clamp_byte(int32_t value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

/*
 * Pixels [first, end) of one row, given pointers to pixel 0 of the row and of its neighbours above and below
 * as decoded, and the green of pixels first − 1 and end (the row's own ends repeat, as the JavaScript's padded
 * copies do). Written without branches on pixel values: on a photo's grain they would be guessed wrong half
 * the time.
 */
static void enhance_span(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                         const uint8_t *below, uint8_t *out, int first, int end) {
  const int32_t *red = plan->red, *green = plan->green, *blue = plan->blue, *vibrance = plan->vibrance;
  const int32_t *sharpening = plan->sharpening + HIGH_PASS_RANGE;
  int last = plan->width - 1;
  for (int x = first; x < end; x++) {
    int32_t gain = (int32_t)gains[x];
    const uint8_t *pixel = row + 3 * x;
    int32_t green_in = pixel[1];
    int32_t r = (red[pixel[0]] * gain) >> 8;
    int32_t g = (green[green_in] * gain) >> 8;
    int32_t b = (blue[pixel[2]] * gain) >> 8;
    int32_t green_left = row[3 * (x > 0 ? x - 1 : 0) + 1];
    int32_t green_right = row[3 * (x < last ? x + 1 : last) + 1];
    int32_t high_pass = 4 * green_in - green_left - green_right - above[3 * x + 1] - below[3 * x + 1];
    int32_t detail = ((sharpening[high_pass] * gain) >> 8) + 8; /* the + 8 rounds the final >> 4 */
    int32_t max = r > g ? r : g;
    max = max > b ? max : b;
    int32_t min = r < g ? r : g;
    min = min < b ? min : b;
    int32_t chroma = max - min;
    int32_t chroma_index = chroma >> 4;
    int32_t boost = vibrance[chroma_index > 255 ? 255 : chroma_index];
    int32_t green_over_blue = g - b;
    int32_t skin = (r > g) & (g > b) & (5 * green_over_blue > chroma) & (10 * green_over_blue < 7 * chroma);
    /* (boost · 256) >> 8 is boost itself, so one multiply serves skin and the rest */
    boost = (boost * (skin ? SKIN_VIBRANCE_SHARE : 256)) >> 8;
    int32_t luma = (r + 2 * g + b) >> 2;
    uint8_t *target = out + 3 * (x - first);
    target[0] = clamp_byte((r + ((boost * (r - luma)) >> 8) + detail) >> 4);
    target[1] = clamp_byte((g + ((boost * (g - luma)) >> 8) + detail) >> 4);
    target[2] = clamp_byte((b + ((boost * (b - luma)) >> 8) + detail) >> 4);
  }
}

#if defined(__x86_64__)
/*
 * enhance_span for eight pixels at a time, in AVX2, where the processor has it: the WebAssembly kernel's
 * steps on eight lanes instead of four. Each table lookup is eight scalar loads: on AMD's Zen 3 that took
 * the pass from 38.5 to 32 ms at 12 MP against AVX2's gathers. The integer operations are the same (wrapping
 * multiplies, arithmetic shifts, saturating narrowings for the clamp), so are the bytes.
 */
#define AVX2 __attribute__((target("avx2")))

/* Bytes `offset`, `offset` + 3, … of 8 pixels starting at `at` (one channel), zero-extended to 32 bits. */
AVX2 static inline __m256i channel_of_eight(const uint8_t *at, int offset) {
  const __m128i pick = _mm_setr_epi8(offset, -1, -1, -1, offset + 3, -1, -1, -1, offset + 6, -1, -1, -1,
                                     offset + 9, -1, -1, -1);
  __m128i low = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)at), pick);
  __m128i high = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(at + 12)), pick);
  return _mm256_set_m128i(high, low);
}

/* table[byte] for one channel's bytes of eight pixels from `at`: scalar loads (gathers are slow on AMD's Zen). */
AVX2 static inline __m256i look_up_bytes(const int32_t *table, const uint8_t *at) {
  return _mm256_setr_epi32(table[at[0]], table[at[3]], table[at[6]], table[at[9]], table[at[12]], table[at[15]],
                           table[at[18]], table[at[21]]);
}

/* table[index] for eight indices, likewise. */
AVX2 static inline __m256i look_up(const int32_t *table, __m256i index) {
  int32_t at[8] __attribute__((aligned(32)));
  _mm256_store_si256((__m256i *)at, index);
  return _mm256_setr_epi32(table[at[0]], table[at[1]], table[at[2]], table[at[3]], table[at[4]], table[at[5]],
                           table[at[6]], table[at[7]]);
}

/* (table[byte] · gain) >> 8 for eight pixels' bytes of one channel */
AVX2 static inline __m256i curve_of_eight(const int32_t *table, const uint8_t *at, __m256i gain) {
  return _mm256_srai_epi32(_mm256_mullo_epi32(look_up_bytes(table, at), gain), 8);
}

/* (c + ((boost · (c − luma)) >> 8) + detail) >> 4, not yet clamped */
AVX2 static inline __m256i channel_out(__m256i c, __m256i boost, __m256i luma, __m256i detail) {
  __m256i vibrant = _mm256_srai_epi32(_mm256_mullo_epi32(boost, _mm256_sub_epi32(c, luma)), 8);
  return _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(c, vibrant), detail), 4);
}

/* Four pixels' channels (32-bit lanes), clamped to bytes and interleaved to RGB: 12 bytes, 4 more written. */
AVX2 static inline void store_four(uint8_t *target, __m128i r, __m128i g, __m128i b) {
  __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(r, g), _mm_packs_epi32(b, b));
  const __m128i interleave = _mm_setr_epi8(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15);
  _mm_storeu_si128((__m128i *)target, _mm_shuffle_epi8(bytes, interleave));
}

/* Pixels [first, end) of the row, as enhance_span; the caller keeps 1 ≤ first and end + 2 ≤ width. */
AVX2 static void enhance_span_avx2(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                                   const uint8_t *below, uint8_t *out, int first, int end) {
  const int *sharpening = plan->sharpening + HIGH_PASS_RANGE;
  const __m256i eight = _mm256_set1_epi32(8), byte_limit = _mm256_set1_epi32(255);
  for (int x = first; x + 8 <= end; x += 8) {
    const uint8_t *pixel = row + 3 * x;
    __m256i gain = _mm256_cvttps_epi32(_mm256_loadu_ps(gains + x));
    __m256i green_in = channel_of_eight(pixel, 1);
    __m256i r = curve_of_eight(plan->red, pixel, gain);
    __m256i g = curve_of_eight(plan->green, pixel + 1, gain);
    __m256i b = curve_of_eight(plan->blue, pixel + 2, gain);
    __m256i high_pass = _mm256_sub_epi32(
        _mm256_sub_epi32(_mm256_slli_epi32(green_in, 2), channel_of_eight(pixel - 3, 1)),
        _mm256_add_epi32(channel_of_eight(pixel + 3, 1),
                         _mm256_add_epi32(channel_of_eight(above + 3 * x, 1), channel_of_eight(below + 3 * x, 1))));
    __m256i detail = _mm256_add_epi32(
        _mm256_srai_epi32(_mm256_mullo_epi32(look_up(sharpening, high_pass), gain), 8), eight);
    __m256i chroma = _mm256_sub_epi32(_mm256_max_epi32(_mm256_max_epi32(r, g), b),
                                      _mm256_min_epi32(_mm256_min_epi32(r, g), b));
    __m256i boost = look_up(plan->vibrance, _mm256_min_epi32(_mm256_srai_epi32(chroma, 4), byte_limit));
    __m256i green_over_blue = _mm256_sub_epi32(g, b);
    __m256i skin = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpgt_epi32(r, g), _mm256_cmpgt_epi32(g, b)),
        _mm256_and_si256(
            _mm256_cmpgt_epi32(_mm256_mullo_epi32(green_over_blue, _mm256_set1_epi32(5)), chroma),
            _mm256_cmpgt_epi32(_mm256_mullo_epi32(chroma, _mm256_set1_epi32(7)),
                               _mm256_mullo_epi32(green_over_blue, _mm256_set1_epi32(10)))));
    __m256i skin_boost = _mm256_srai_epi32(_mm256_mullo_epi32(boost, _mm256_set1_epi32(SKIN_VIBRANCE_SHARE)), 8);
    boost = _mm256_blendv_epi8(boost, skin_boost, skin);
    __m256i luma = _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(r, _mm256_slli_epi32(g, 1)), b), 2);
    __m256i red_out = channel_out(r, boost, luma, detail);
    __m256i green_out = channel_out(g, boost, luma, detail);
    __m256i blue_out = channel_out(b, boost, luma, detail);
    uint8_t *target = out + 3 * (x - first);
    store_four(target, _mm256_castsi256_si128(red_out), _mm256_castsi256_si128(green_out),
               _mm256_castsi256_si128(blue_out));
    store_four(target + 12, _mm256_extracti128_si256(red_out, 1), _mm256_extracti128_si256(green_out, 1),
               _mm256_extracti128_si256(blue_out, 1));
  }
}

/*
 * enhance_span for sixteen pixels at a time, in AVX-512 with VBMI's byte permutes, on Intel processors that
 * have it. On a Sapphire Rapids core the AVX2 loop above took 62 ms of a 12 MP pass (on Zen 3, 32 ms) while
 * libvips' own decode and encode ran faster than on Zen 3; this loop takes 35 ms (decision 115). Its loads
 * and stores are masked to the sixteen pixels' 48 bytes, and its table lookups are gathers. The integer
 * steps are the AVX2 loop's, so are the bytes.
 */
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))
#define SIXTEEN_PIXELS 0x0000FFFFFFFFFFFFULL /* 48 bytes */

/* Byte `offset` of each of 16 pixels from `at`, zero-extended to 32 bits (reads exactly 48 bytes). */
AVX512 static inline __m512i channel_of_sixteen(const uint8_t *at, int offset) {
  /* Byte 4i of the result is byte 3i + offset of the pixels; the others are zeroed. */
  const __m512i pick = _mm512_add_epi8(
      _mm512_set_epi8(45, 45, 45, 45, 42, 42, 42, 42, 39, 39, 39, 39, 36, 36, 36, 36, 33, 33, 33, 33, 30, 30, 30, 30,
                      27, 27, 27, 27, 24, 24, 24, 24, 21, 21, 21, 21, 18, 18, 18, 18, 15, 15, 15, 15, 12, 12, 12, 12,
                      9, 9, 9, 9, 6, 6, 6, 6, 3, 3, 3, 3, 0, 0, 0, 0),
      _mm512_set1_epi8((char)offset));
  __m512i bytes = _mm512_maskz_loadu_epi8(SIXTEEN_PIXELS, at);
  return _mm512_maskz_permutexvar_epi8(0x1111111111111111ULL, pick, bytes);
}

AVX512 static inline __m512i curve_of_sixteen(const int32_t *table, __m512i channel, __m512i gain) {
  return _mm512_srai_epi32(_mm512_mullo_epi32(_mm512_i32gather_epi32(channel, table, 4), gain), 8);
}

AVX512 static inline __m512i channel_out_sixteen(__m512i c, __m512i boost, __m512i luma, __m512i detail) {
  __m512i vibrant = _mm512_srai_epi32(_mm512_mullo_epi32(boost, _mm512_sub_epi32(c, luma)), 8);
  __m512i value = _mm512_srai_epi32(_mm512_add_epi32(_mm512_add_epi32(c, vibrant), detail), 4);
  return _mm512_max_epi32(value, _mm512_setzero_si512()); /* the narrowing below saturates at 255 */
}

/* Pixels [first, first + 16·n) of the row, as enhance_span; the caller keeps 1 ≤ first and the last + 2 ≤ width. */
AVX512 static void enhance_span_avx512(const Plan *plan, const float *gains, const uint8_t *row,
                                       const uint8_t *above, const uint8_t *below, uint8_t *out, int first, int end) {
  const int *sharpening = plan->sharpening + HIGH_PASS_RANGE;
  const __m512i eight = _mm512_set1_epi32(8), byte_limit = _mm512_set1_epi32(255);
  /* Byte 3i + c of the output is channel c's byte i, the channels being the 128-bit lanes 0, 1, 2. */
  const __m512i to_rgb = _mm512_set_epi8(
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 47, 31, 15, 46, 30, 14, 45, 29, 13, 44, 28, 12, 43, 27, 11, 42,
      26, 10, 41, 25, 9, 40, 24, 8, 39, 23, 7, 38, 22, 6, 37, 21, 5, 36, 20, 4, 35, 19, 3, 34, 18, 2, 33, 17, 1, 32, 16, 0);
  for (int x = first; x + 16 <= end; x += 16) {
    const uint8_t *pixel = row + 3 * x;
    __m512i gain = _mm512_cvttps_epi32(_mm512_loadu_ps(gains + x));
    __m512i green_in = channel_of_sixteen(pixel, 1);
    __m512i r = curve_of_sixteen(plan->red, channel_of_sixteen(pixel, 0), gain);
    __m512i g = curve_of_sixteen(plan->green, green_in, gain);
    __m512i b = curve_of_sixteen(plan->blue, channel_of_sixteen(pixel, 2), gain);
    __m512i high_pass = _mm512_sub_epi32(
        _mm512_sub_epi32(_mm512_slli_epi32(green_in, 2), channel_of_sixteen(pixel - 3, 1)),
        _mm512_add_epi32(channel_of_sixteen(pixel + 3, 1),
                         _mm512_add_epi32(channel_of_sixteen(above + 3 * x, 1), channel_of_sixteen(below + 3 * x, 1))));
    __m512i detail = _mm512_add_epi32(
        _mm512_srai_epi32(_mm512_mullo_epi32(_mm512_i32gather_epi32(high_pass, sharpening, 4), gain), 8), eight);
    __m512i chroma = _mm512_sub_epi32(_mm512_max_epi32(_mm512_max_epi32(r, g), b),
                                      _mm512_min_epi32(_mm512_min_epi32(r, g), b));
    __m512i boost = _mm512_i32gather_epi32(_mm512_min_epi32(_mm512_srai_epi32(chroma, 4), byte_limit), plan->vibrance, 4);
    __m512i green_over_blue = _mm512_sub_epi32(g, b);
    __mmask16 skin = _mm512_cmpgt_epi32_mask(r, g) & _mm512_cmpgt_epi32_mask(g, b) &
                     _mm512_cmpgt_epi32_mask(_mm512_mullo_epi32(green_over_blue, _mm512_set1_epi32(5)), chroma) &
                     _mm512_cmpgt_epi32_mask(_mm512_mullo_epi32(chroma, _mm512_set1_epi32(7)),
                                             _mm512_mullo_epi32(green_over_blue, _mm512_set1_epi32(10)));
    __m512i skin_boost = _mm512_srai_epi32(_mm512_mullo_epi32(boost, _mm512_set1_epi32(SKIN_VIBRANCE_SHARE)), 8);
    boost = _mm512_mask_blend_epi32(skin, boost, skin_boost);
    __m512i luma = _mm512_srai_epi32(_mm512_add_epi32(_mm512_add_epi32(r, _mm512_slli_epi32(g, 1)), b), 2);
    __m128i red_out = _mm512_cvtusepi32_epi8(channel_out_sixteen(r, boost, luma, detail));
    __m128i green_out = _mm512_cvtusepi32_epi8(channel_out_sixteen(g, boost, luma, detail));
    __m128i blue_out = _mm512_cvtusepi32_epi8(channel_out_sixteen(b, boost, luma, detail));
    __m512i channels = _mm512_inserti32x4(
        _mm512_inserti32x4(_mm512_castsi128_si512(red_out), green_out, 1), blue_out, 2);
    _mm512_mask_storeu_epi8(out + 3 * (x - first), SIXTEEN_PIXELS, _mm512_permutexvar_epi8(to_rgb, channels));
  }
}
#endif

/* A loop over pixels [first, end) of a row: enhance_span's arguments. */
typedef void SpanLoop(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                      const uint8_t *below, uint8_t *out, int first, int end);

/* The wide loops this processor runs, chosen when the addon loads; NULL where it lacks the instructions. */
static SpanLoop *avx2_loop, *avx512_loop;

/*
 * Pixels [first, end) in three parts: `wide` over the most pixels of [wide_first, wide_end) that make whole
 * steps of `lanes`, `rest` over what lies before and after.
 */
static void in_three_parts(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                           const uint8_t *below, uint8_t *out, int first, int end, int wide_first, int wide_end,
                           int lanes, SpanLoop *wide, SpanLoop *rest) {
  int wide_count = wide && wide_end > wide_first ? (wide_end - wide_first) / lanes * lanes : 0;
  if (wide_count == 0) return rest(plan, gains, row, above, below, out, first, end);
  rest(plan, gains, row, above, below, out, first, wide_first);
  wide(plan, gains, row, above, below, out + 3 * (wide_first - first), wide_first, wide_first + wide_count);
  rest(plan, gains, row, above, below, out + 3 * (wide_first + wide_count - first), wide_first + wide_count, end);
}

/*
 * A span of a row, eight pixels at a time where AVX2 allows, the rest one at a time. Eight pixels' loads
 * reach two pixels past them and their stores one and a third: the wide loop stops two pixels short of the
 * span's end (and three of the photo's), and starts at pixel 1 (it reads pixel x − 1).
 */
static void enhance_row_span_avx2(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                                  const uint8_t *below, uint8_t *out, int first, int end) {
  int wide_first = first > 1 ? first : 1;
  int wide_end = end - 2 < plan->width - 3 ? end - 2 : plan->width - 3;
  in_three_parts(plan, gains, row, above, below, out, first, end, wide_first, wide_end, 8, avx2_loop, enhance_span);
}

/*
 * Where AVX-512 allows, sixteen pixels at a time first: their loads reach one pixel past them on each side, so
 * that loop starts at pixel 1 and stops one pixel short of the photo's end. The rest go the way above.
 */
static void enhance_row_span(const Plan *plan, const float *gains, const uint8_t *row, const uint8_t *above,
                             const uint8_t *below, uint8_t *out, int first, int end) {
  int wide_first = first > 1 ? first : 1;
  int wide_end = end < plan->width - 1 ? end : plan->width - 1;
  in_three_parts(plan, gains, row, above, below, out, first, end, wide_first, wide_end, 16, avx512_loop,
                 enhance_row_span_avx2);
}

/* ---- The libvips operation: a generate function over strips, each with its own scratch rows ---- */

typedef struct {
  VipsRegion *input;
  float *blended;
  float *gains;
} Sequence;

static void *start_sequence(VipsImage *out, void *a, void *b) {
  VipsImage *in = (VipsImage *)a;
  const Plan *plan = (const Plan *)b;
  Sequence *sequence = g_new0(Sequence, 1);
  sequence->input = vips_region_new(in);
  sequence->blended = g_new(float, plan->plane_width);
  sequence->gains = g_new(float, plan->width);
  return sequence;
}

static int stop_sequence(void *seq, void *a, void *b) {
  Sequence *sequence = (Sequence *)seq;
  g_object_unref(sequence->input);
  g_free(sequence->blended);
  g_free(sequence->gains);
  g_free(sequence);
  return 0;
}

/* Row y of a region that starts at column `left`, addressed from the photo's column 0 (3 bytes a pixel). */
static inline const uint8_t *column_zero(VipsRegion *region, int left, int y) {
  return (const uint8_t *)VIPS_REGION_ADDR(region, left, y) - 3 * left;
}

static int generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
  Sequence *sequence = (Sequence *)seq;
  const Plan *plan = (const Plan *)b;
  const VipsRect *wanted = &out->valid;
  /* One row and one column more on each side, for the sharpening's neighbours, inside the photo. */
  VipsRect need = {wanted->left - 1, wanted->top - 1, wanted->width + 2, wanted->height + 2};
  VipsRect whole = {0, 0, plan->width, plan->height};
  vips_rect_intersectrect(&need, &whole, &need);
  if (vips_region_prepare(sequence->input, &need)) return -1;
  int bottom = VIPS_RECT_BOTTOM(wanted);
  for (int y = wanted->top; y < bottom; y++) {
    const uint8_t *row = column_zero(sequence->input, need.left, y);
    const uint8_t *above = column_zero(sequence->input, need.left, y > 0 ? y - 1 : y);
    const uint8_t *below = column_zero(sequence->input, need.left, y + 1 < plan->height ? y + 1 : y);
    blend_row(plan, y, sequence->blended);
    sample_gains(plan, sequence->blended, sequence->gains);
    enhance_row_span(plan, sequence->gains, row, above, below, (uint8_t *)VIPS_REGION_ADDR(out, wanted->left, y),
                     wanted->left, VIPS_RECT_RIGHT(wanted));
  }
  return 0;
}

static VipsImage *enhancement_of(VipsImage *in, Plan *plan) {
  VipsImage *out = vips_image_new();
  /* The output reads from `in` for as long as it lives: it holds a reference, dropped when it closes. */
  g_object_ref(in);
  vips_object_local(out, in);
  if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
    g_object_unref(out);
    return NULL;
  }
  if (vips_image_generate(out, start_sequence, generate, stop_sequence, in, plan)) {
    g_object_unref(out);
    return NULL;
  }
  return out;
}

/* ---- Decode → orient → sRGB → pass → encode, as sharp's pipeline does for the WebAssembly path ---- */

static void fail(Job *job, const char *code, const char *message) {
  job->error_code = code;
  job->error_message = g_strdup(message && *message ? message : "libvips failed without saying why");
}

static VipsImage *open_jpeg(const char *path, VipsAccess access) {
  VipsImage *image = NULL;
  if (vips_jpegload(path, &image, "access", access, "fail_on", VIPS_FAIL_ON_ERROR, NULL)) return NULL;
  return image;
}

/* Takes ownership of *image and replaces it with `next` (NULL leaves the step's error in libvips'). */
static int step(VipsImage **image, VipsImage *next) {
  g_object_unref(*image);
  *image = next;
  return next ? 0 : -1;
}

static void run_job(Job *job) {
  VipsImage *image = open_jpeg(job->input_path, VIPS_ACCESS_SEQUENTIAL);
  if (!image) return fail(job, FAILED, vips_error_buffer());
  int orientation = vips_image_get_orientation(image);
  if (orientation > 1) {
    /* Turning a photo reads it out of order: decode it whole first (what the WebAssembly path does anyway). */
    if (step(&image, open_jpeg(job->input_path, VIPS_ACCESS_RANDOM))) return fail(job, FAILED, vips_error_buffer());
    VipsImage *turned = NULL;
    vips_autorot(image, &turned, NULL);
    if (step(&image, turned)) return fail(job, FAILED, vips_error_buffer());
  }
  if (image->Bands != 3 || image->BandFmt != VIPS_FORMAT_UCHAR ||
      (double)image->Xsize * image->Ysize > job->max_pixels) {
    g_object_unref(image);
    return fail(job, UNSUPPORTED, "not an 8-bit three-band JPEG within the pixel limit");
  }
  if (vips_image_get_typeof(image, VIPS_META_ICC_NAME)) {
    /* sharp's own step: the embedded profile to sRGB, perceptual; a broken profile is ignored with a warning. */
    VipsImage *converted = NULL;
    if (vips_icc_transform(image, &converted, "srgb", "embedded", TRUE, "depth", 8, "intent", VIPS_INTENT_PERCEPTUAL,
                           NULL)) {
      vips_error_clear();
    } else {
      step(&image, converted);
    }
  }
  if (image->Xsize != job->plan.width || image->Ysize != job->plan.height || image->Bands != 3) {
    g_object_unref(image);
    return fail(job, UNSUPPORTED, "the photo's size is not the one the plan was made for");
  }
  VipsImage *enhanced = enhancement_of(image, &job->plan);
  g_object_unref(image);
  if (!enhanced) return fail(job, FAILED, vips_error_buffer());
  /* Pixels as sharp's raw input has them (1 pixel/mm): the encoder writes the density into the JFIF header. */
  VipsImage *output = NULL;
  int failed = vips_copy(enhanced, &output, "xres", 1.0, "yres", 1.0, "interpretation", VIPS_INTERPRETATION_sRGB,
                         NULL);
  g_object_unref(enhanced);
  if (failed) return fail(job, FAILED, vips_error_buffer());
  /* sharp's jpeg() defaults, with Hearth's quality: baseline, 4:2:0, optimised Huffman tables, no metadata. */
  failed = vips_jpegsave(output, job->output_path, "Q", job->quality, "keep", VIPS_FOREIGN_KEEP_NONE, "interlace",
                         FALSE, "subsample_mode", VIPS_FOREIGN_SUBSAMPLE_ON, "trellis_quant", FALSE, "quant_table", 0,
                         "overshoot_deringing", FALSE, "optimize_scans", FALSE, "optimize_coding", TRUE, NULL);
  g_object_unref(output);
  if (failed) {
    /* A photo that fails half-way (a truncated file) leaves no half-written result behind. */
    remove(job->output_path);
    fail(job, FAILED, vips_error_buffer());
  }
}

/* ---- Node-API: arguments in, promise out ---- */

static void execute(napi_env env, void *data) {
  Job *job = (Job *)data;
  run_job(job);
  vips_error_clear();
  vips_thread_shutdown();
}

static void free_job(Job *job) {
  g_free(job->input_path);
  g_free(job->output_path);
  g_free(job->plan.plane);
  g_free(job->plan.span_end);
  g_free(job->error_message);
  g_free(job);
}

static void complete(napi_env env, napi_status status, void *data) {
  Job *job = (Job *)data;
  if (job->error_code) {
    napi_value code, message, error;
    napi_create_string_utf8(env, job->error_code, NAPI_AUTO_LENGTH, &code);
    napi_create_string_utf8(env, job->error_message, NAPI_AUTO_LENGTH, &message);
    napi_create_error(env, code, message, &error);
    napi_reject_deferred(env, job->deferred, error);
  } else {
    napi_value undefined;
    napi_get_undefined(env, &undefined);
    napi_resolve_deferred(env, job->deferred, undefined);
  }
  napi_delete_async_work(env, job->work);
  free_job(job);
}

static char *string_argument(napi_env env, napi_value value) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return NULL;
  char *text = g_malloc(length + 1);
  napi_get_value_string_utf8(env, value, text, length + 1, &length);
  return text;
}

static napi_value property(napi_env env, napi_value object, const char *name) {
  napi_value value = NULL;
  napi_get_named_property(env, object, name, &value);
  return value;
}

static double number_property(napi_env env, napi_value object, const char *name) {
  double number = NAN;
  napi_get_value_double(env, property(env, object, name), &number);
  return number;
}

/* A copy of a typed array's elements, if it holds `count` of the given type. */
static void *typed_array_copy(napi_env env, napi_value value, napi_typedarray_type type, size_t count) {
  napi_typedarray_type actual;
  size_t length = 0;
  void *elements = NULL;
  if (napi_get_typedarray_info(env, value, &actual, &length, &elements, NULL, NULL) != napi_ok) return NULL;
  if (actual != type || length != count) return NULL;
  return g_memdup2(elements, count * 4);
}

static napi_value throw_type_error(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

/* Reads the plan: { tables, plane, planeWidth, planeHeight, spanEnd, firstInterpolated, scale, width, height }. */
static int read_plan(napi_env env, napi_value object, Plan *plan) {
  plan->plane_width = (int)number_property(env, object, "planeWidth");
  plan->plane_height = (int)number_property(env, object, "planeHeight");
  plan->first_interpolated = (int)number_property(env, object, "firstInterpolated");
  plan->scale = number_property(env, object, "scale");
  plan->width = (int)number_property(env, object, "width");
  plan->height = (int)number_property(env, object, "height");
  if (plan->plane_width < 1 || plan->plane_height < 1 || plan->width < 1 || plan->height < 1) return -1;
  int32_t *tables = typed_array_copy(env, property(env, object, "tables"), napi_int32_array, TABLES_LENGTH);
  if (!tables) return -1;
  memcpy(plan->red, tables, 256 * 4);
  memcpy(plan->green, tables + 256, 256 * 4);
  memcpy(plan->blue, tables + 512, 256 * 4);
  memcpy(plan->vibrance, tables + 768, 256 * 4);
  memcpy(plan->sharpening, tables + 1024, SHARPENING_LENGTH * 4);
  g_free(tables);
  plan->plane = typed_array_copy(env, property(env, object, "plane"), napi_float32_array,
                                 (size_t)plan->plane_width * plan->plane_height);
  plan->span_end = typed_array_copy(env, property(env, object, "spanEnd"), napi_int32_array,
                                    (size_t)plan->plane_width - 1);
  if (!plan->plane || (plan->plane_width > 1 && !plan->span_end)) return -1;
  for (int i = 0; i < plan->plane_width - 1; i++) {
    if (plan->span_end[i] < 0 || plan->span_end[i] > plan->width) return -1;
  }
  return plan->first_interpolated >= 0 && plan->first_interpolated <= plan->width ? 0 : -1;
}

/* enhanceJpegFile(inputPath, outputPath, plan, { quality, maxPixels }) → Promise<void> */
static napi_value enhance_jpeg_file(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 4) return throw_type_error(env, "enhanceJpegFile(inputPath, outputPath, plan, options)");
  Job *job = g_new0(Job, 1);
  job->input_path = string_argument(env, argv[0]);
  job->output_path = string_argument(env, argv[1]);
  job->quality = (int)number_property(env, argv[3], "quality");
  job->max_pixels = number_property(env, argv[3], "maxPixels");
  if (!job->input_path || !job->output_path || read_plan(env, argv[2], &job->plan) || job->quality < 1 ||
      job->quality > 100 || !(job->max_pixels > 0)) {
    free_job(job);
    return throw_type_error(env, "enhanceJpegFile: invalid arguments");
  }
  napi_value promise, name;
  napi_create_promise(env, &job->deferred, &promise);
  napi_create_string_utf8(env, "hearth:enhanceJpegFile", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, execute, complete, job, &job->work);
  napi_queue_async_work(env, job->work);
  return promise;
}

/*
 * enhanceRgb(rgb, plan, out): the same pass over pixels in memory (a preview, for the result's thumbnail), the
 * rows above and below read from the input, the edited pixels written to `out`. Synchronous: a 640 px copy
 * takes about a millisecond.
 */
static napi_value enhance_rgb(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  Plan plan = {0};
  napi_typedarray_type in_type, out_type;
  size_t in_length = 0, out_length = 0;
  void *in = NULL, *out = NULL;
  int ok = argc >= 3 && read_plan(env, argv[1], &plan) == 0 &&
           napi_get_typedarray_info(env, argv[0], &in_type, &in_length, &in, NULL, NULL) == napi_ok &&
           napi_get_typedarray_info(env, argv[2], &out_type, &out_length, &out, NULL, NULL) == napi_ok &&
           in_type == napi_uint8_array && out_type == napi_uint8_array && in != out &&
           in_length == (size_t)plan.width * plan.height * 3 && out_length == in_length;
  if (ok) {
    size_t stride = (size_t)plan.width * 3;
    float *blended = g_new(float, plan.plane_width), *gains = g_new(float, plan.width);
    for (int y = 0; y < plan.height; y++) {
      const uint8_t *row = (const uint8_t *)in + y * stride;
      blend_row(&plan, y, blended);
      sample_gains(&plan, blended, gains);
      enhance_row_span(&plan, gains, row, y > 0 ? row - stride : row, y + 1 < plan.height ? row + stride : row,
                       (uint8_t *)out + y * stride, 0, plan.width);
    }
    g_free(blended);
    g_free(gains);
  }
  g_free(plan.plane);
  g_free(plan.span_end);
  if (!ok) return throw_type_error(env, "enhanceRgb: invalid arguments");
  napi_value undefined;
  napi_get_undefined(env, &undefined);
  return undefined;
}

NAPI_MODULE_INIT() {
  /* libvips is the one sharp loaded (same shared library); starting it again is a no-op if sharp has. */
  if (VIPS_INIT("hearth")) return NULL;
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2")) avx2_loop = enhance_span_avx2;
  /* Intel only: measured there; on AMD's Zen the AVX2 loop's scalar lookups beat gathers (decision 115). */
  if (__builtin_cpu_is("intel") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi"))
    avx512_loop = enhance_span_avx512;
#endif
  napi_value function;
  napi_create_function(env, "enhanceJpegFile", NAPI_AUTO_LENGTH, enhance_jpeg_file, NULL, &function);
  napi_set_named_property(env, exports, "enhanceJpegFile", function);
  napi_create_function(env, "enhanceRgb", NAPI_AUTO_LENGTH, enhance_rgb, NULL, &function);
  napi_set_named_property(env, exports, "enhanceRgb", function);
  return exports;
}
