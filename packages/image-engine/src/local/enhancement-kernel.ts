/**
 * Professional Enhancement's per-pixel loop as two small WebAssembly functions (the gain sampler and the
 * pixel loop, four pixels at a time in 128-bit SIMD lanes), assembled here from their instructions: no
 * toolchain, no binary in the repository. The same loop in JavaScript, `enhanceRowInJs` below, is the
 * specification: the two give identical bytes (the unit tests compare them on random rows). The
 * WebAssembly takes about 3 ns a pixel where the JavaScript took 17: V8 re-checks each typed array's
 * bounds and backing store on every access, so most of the JavaScript's time went to checks, not to
 * arithmetic (ADR 010).
 */

/** The WebAssembly API, which Node.js has and @types/node 20 does not declare. */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};

/** Tables the loop reads, in integers: pixel values with 4 fractional bits (×16), factors with 8 (×256). */
export interface PixelTables {
  /** Curve per channel (256 entries): 8-bit input → output ×16. */
  red: Int32Array;
  green: Int32Array;
  blue: Int32Array;
  /** Vibrance ×256 by chroma (256 entries, chroma ×16 shifted down by 4). */
  vibrance: Int32Array;
  /** Sharpening ×16 by high-pass + HIGH_PASS_RANGE (2·HIGH_PASS_RANGE + 1 entries). */
  sharpening: Int32Array;
}

/** The 4-neighbour high-pass of 8-bit values spans ±1020. */
export const HIGH_PASS_RANGE = 1020;

/** Skin, wood and orange (hue 12°–42°) keep 30% of the vibrance (×256): they turn garish first. */
const SKIN_VIBRANCE_SHARE = 77;

/** Pixel x of a padded row copy starts at byte PAD + 3x (one replicated pixel at each end). */
const PAD = 3;

/**
 * The loop in JavaScript: one row, from padded copies of the original row and its neighbours (`original`,
 * `above`, `below`) and a gain (×256) per pixel, into `pixels` from `offset` (clamped to 0–255 on store).
 */
export function enhanceRowInJs(
  tables: PixelTables,
  gainRow: Float32Array,
  width: number,
  pixels: Uint8ClampedArray,
  offset: number,
  original: Uint8Array,
  above: Uint8Array,
  below: Uint8Array,
) {
  const { red, green, blue, vibrance, sharpening } = tables;
  for (let x = 0, j = PAD, out = offset; x < width; x++, j += 3, out += 3) {
    const gain = gainRow[x]! | 0;
    const greenIn = original[j + 1]!;
    const r = (red[original[j]!]! * gain) >> 8;
    const g = (green[greenIn]! * gain) >> 8;
    const b = (blue[original[j + 2]!]! * gain) >> 8;
    // Sharpening from the green channel's 4-neighbour high-pass (green carries most of the luminance detail).
    const highPass = 4 * greenIn - original[j - 2]! - original[j + 4]! - above[j + 1]! - below[j + 1]!;
    const detail = (sharpening[HIGH_PASS_RANGE + highPass]! * gain) >> 8;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const min = r < g ? (r < b ? r : b) : g < b ? g : b;
    const chroma = max - min;
    const chromaIndex = chroma >> 4;
    let boost = vibrance[chromaIndex > 255 ? 255 : chromaIndex]!;
    // Hue 12°–42°: red above green above blue, green 20–70% of the way from blue to red.
    const greenOverBlue = g - b;
    const skin = r > g && g > b && 5 * greenOverBlue > chroma && 10 * greenOverBlue < 7 * chroma;
    if (skin) boost = (boost * SKIN_VIBRANCE_SHARE) >> 8;
    const luma = (r + 2 * g + b) >> 2;
    pixels[out] = (r + ((boost * (r - luma)) >> 8) + detail + 8) >> 4;
    pixels[out + 1] = (g + ((boost * (g - luma)) >> 8) + detail + 8) >> 4;
    pixels[out + 2] = (b + ((boost * (b - luma)) >> 8) + detail + 8) >> 4;
  }
}

// Where the tables sit in the kernel's memory (byte offsets); rows follow them.
const RED_TABLE = 0;
const GREEN_TABLE = 1024;
const BLUE_TABLE = 2048;
const VIBRANCE_TABLE = 3072;
const SHARPENING_TABLE = 4096;
const ROWS_START = 16_384; // past SHARPENING_TABLE + 4 · 2041
const PAGE = 65_536;
/** The loop does four pixels at a time and may read and write up to this many bytes past a row's end. */
const ROW_SLACK = 32;

/** Where a preview-sized gain map's values fall along a full-resolution row (see RowSampler). */
export interface GainSpans {
  spanEnd: Int32Array;
  firstInterpolated: number;
  scale: number;
}

type Exports = {
  enhanceRow(width: number, gains: number, original: number, above: number, below: number, output: number): void;
  sampleGains(
    blended: number,
    spanEnd: number,
    spans: number,
    firstInterpolated: number,
    width: number,
    gains: number,
    scale: number,
  ): void;
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
};

/**
 * One kernel per pass: its own memory holds the tables and the rows it works on, so passes running in the
 * same thread (photos side by side, each yielding between bands) never share a buffer.
 */
export class EnhancementKernel {
  private readonly exports: Exports;
  private readonly bytes: Uint8Array;
  private readonly width: number;
  private readonly spans: GainSpans;
  private readonly blended: Float32Array;
  private readonly blendedAt: number;
  private readonly spanEndAt: number;
  private readonly gainsAt: number;
  private readonly outputAt: number;
  private readonly output: Uint8Array;
  /** Three padded rows, [above, original, below], which rotate as the pass moves down. */
  private readonly rowAt: number[];
  private lastY = Number.NaN;

  constructor(tables: PixelTables, width: number, gainSpans: GainSpans) {
    this.width = width;
    this.spans = gainSpans;
    const stride = 3 * width;
    const planeWidth = gainSpans.spanEnd.length + 1;
    this.blendedAt = ROWS_START;
    this.spanEndAt = this.blendedAt + align(4 * planeWidth);
    this.gainsAt = this.spanEndAt + align(4 * planeWidth);
    const firstRow = this.gainsAt + align(4 * width + ROW_SLACK);
    const paddedRow = align(stride + 2 * PAD + ROW_SLACK);
    this.rowAt = [firstRow, firstRow + paddedRow, firstRow + 2 * paddedRow];
    this.outputAt = firstRow + 3 * paddedRow;
    const size = this.outputAt + align(stride + ROW_SLACK);
    this.exports = new WebAssembly.Instance(compiledKernel()).exports as Exports;
    this.exports.memory.grow(Math.ceil(size / PAGE) - 1); // from the module's one page; never again, so views stay valid
    const memory = this.exports.memory.buffer;
    new Int32Array(memory, RED_TABLE, 256).set(tables.red);
    new Int32Array(memory, GREEN_TABLE, 256).set(tables.green);
    new Int32Array(memory, BLUE_TABLE, 256).set(tables.blue);
    new Int32Array(memory, VIBRANCE_TABLE, 256).set(tables.vibrance);
    new Int32Array(memory, SHARPENING_TABLE, 2 * HIGH_PASS_RANGE + 1).set(tables.sharpening);
    new Int32Array(memory, this.spanEndAt, planeWidth - 1).set(gainSpans.spanEnd);
    this.bytes = new Uint8Array(memory);
    this.blended = new Float32Array(memory, this.blendedAt, planeWidth);
    this.output = new Uint8Array(memory, this.outputAt, stride);
  }

  /**
   * Enhances row `y` into `pixels` from `offset`, given the gain plane blended to the row's height
   * (RowSampler.blendRow) and padded copies of the row and its neighbours as they were before editing. For
   * consecutive rows, two of the three copies are already in the kernel's memory.
   */
  enhanceRow(
    y: number,
    blendedGains: Float32Array,
    pixels: Uint8ClampedArray,
    offset: number,
    original: Uint8Array,
    above: Uint8Array,
    below: Uint8Array,
  ) {
    const rows = this.rowAt;
    if (y === this.lastY + 1) {
      rows.push(rows.shift()!);
      this.bytes.set(below, rows[2]);
    } else {
      this.bytes.set(above, rows[0]);
      this.bytes.set(original, rows[1]);
      this.bytes.set(below, rows[2]);
    }
    this.lastY = y;
    this.blended.set(blendedGains);
    const { spanEnd, firstInterpolated, scale } = this.spans;
    const { width, gainsAt } = this;
    this.exports.sampleGains(this.blendedAt, this.spanEndAt, spanEnd.length, firstInterpolated, width, gainsAt, scale);
    this.exports.enhanceRow(width, gainsAt, rows[1]!, rows[0]!, rows[2]!, this.outputAt);
    new Uint8Array(pixels.buffer, pixels.byteOffset + offset, this.output.length).set(this.output);
  }
}

const align = (bytes: number) => Math.ceil(bytes / 64) * 64;

let compiled: object | undefined;
/** Compiled once per thread (a few milliseconds), instantiated once per pass. */
const compiledKernel = () => (compiled ??= new WebAssembly.Module(kernelModule()));

// ---- The module, byte by byte (WebAssembly core specification 2.0, binary format, with 128-bit SIMD) ----

type Code = number[];

const I32 = 0x7f;
const F32 = 0x7d;
const F64 = 0x7c;
const V128 = 0x7b;

/** Unsigned and signed LEB128, the binary format's integer encodings. */
function unsigned(value: number): Code {
  const bytes: Code = [];
  do {
    const byte = value & 0x7f;
    value >>>= 7;
    bytes.push(value === 0 ? byte : byte | 0x80);
  } while (value !== 0);
  return bytes;
}

function signed(value: number): Code {
  const bytes: Code = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

const section = (id: number, content: Code) => [id, ...unsigned(content.length), ...content];
const vector = (items: Code[]) => [...unsigned(items.length), ...items.flat()];
const name = (text: string) => vector([...Buffer.from(text)].map((byte) => [byte]));

// Locals: the parameters (the width, then byte offsets in memory), the loop's end, then vectors.
const [WIDTH, GAIN_AT, ORIGINAL_AT, ABOVE_AT, BELOW_AT, OUTPUT_AT, END] = [0, 1, 2, 3, 4, 5, 6];
const PARAMETERS = 6;
const I32_LOCALS = 1;
const VECTOR_LOCALS = [
  'gain',
  'red',
  'green',
  'blue',
  'detail',
  'chroma',
  'boost',
  'luma',
  'greenOverBlue',
  'offsets',
  'loaded',
  'eight',
  'byteLimit',
] as const;
const local = (vectorName: (typeof VECTOR_LOCALS)[number]) =>
  PARAMETERS + I32_LOCALS + VECTOR_LOCALS.indexOf(vectorName);

function kernelModule(): Uint8Array {
  const functionType = (parameters: number[]) => [0x60, ...vector(parameters.map((type) => [type])), ...vector([])];
  const body = (locals: [number, number][], code: Code) => {
    const content = [...vector(locals.map(([count, type]) => [...unsigned(count), type])), ...code, 0x0b];
    return [...unsigned(content.length), ...content];
  };
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, vector([functionType(Array<number>(PARAMETERS).fill(I32)), functionType(SAMPLER_PARAMETERS)])),
    ...section(3, vector([[0], [1]])), // two functions, of types 0 and 1
    ...section(5, vector([[0x00, 1]])), // one memory, one page to start with, no maximum
    ...section(
      7,
      vector([
        [...name('enhanceRow'), 0x00, 0],
        [...name('sampleGains'), 0x00, 1],
        [...name('memory'), 0x02, 0],
      ]),
    ),
    ...section(
      10,
      vector([
        body(
          [
            [I32_LOCALS, I32],
            [VECTOR_LOCALS.length, V128],
          ],
          kernelCode(),
        ),
        body(
          [
            [3, I32],
            [1, F32],
            [4, F64],
          ],
          gainSamplerCode(),
        ),
      ]),
    ),
  ]);
}

// Instructions, written as expressions: each takes its operands' code and returns code leaving the result.
const get = (index: number): Code => [0x20, index];
const set = (index: number, value: Code): Code => [...value, 0x21, index];
const i32 = (value: number): Code => [0x41, ...signed(value)];
const i32Add = (a: Code, b: Code): Code => [...a, ...b, 0x6a];
const i32Shl = (a: Code, bits: number): Code => [...a, ...i32(bits), 0x74];
/** Loads at a constant offset from an address (the alignment hint says nothing: any is allowed). */
const loadByte = (address: Code, offset: number): Code => [...address, 0x2d, 0, ...unsigned(offset)];
const FOUR = [0, 1, 2, 3];
const simd = (opcode: number, ...operands: Code[]): Code => [...operands.flat(), 0xfd, ...unsigned(opcode)];
const loadVector = (address: Code, offset: number) => [...address, 0xfd, 0x00, 0, ...unsigned(offset)];
const storeVector = (address: Code, value: Code) => [...address, ...value, 0xfd, 0x0b, 0, 0];
const bytesConstant = (bytes: number[]): Code => [0xfd, 0x0c, ...bytes];
const splat = (value: Code) => simd(0x11, value);
const splatConstant = (value: number) => splat(i32(value));
const swizzle = (value: Code, lanes: number[]) => simd(0x0e, value, bytesConstant(lanes));
const extractLane = (value: Code, lane: number) => [...value, 0xfd, 0x1b, lane];
const lessThan = (a: Code, b: Code) => simd(0x39, a, b);
const greaterThan = (a: Code, b: Code) => simd(0x3b, a, b);
const and = (a: Code, b: Code) => simd(0x4e, a, b);
/** Lanes of `a` where `mask` is all ones, of `b` elsewhere. */
const bitselect = (a: Code, b: Code, mask: Code) => simd(0x52, a, b, mask);
const shiftLeft = (a: Code, bits: number) => simd(0xab, a, i32(bits));
const shiftRight = (a: Code, bits: number) => simd(0xac, a, i32(bits)); // arithmetic, as JavaScript's >>
const add = (...terms: Code[]) => terms.slice(1).reduce((sum, term) => simd(0xae, sum, term), terms[0]!);
const subtract = (a: Code, ...terms: Code[]) => terms.reduce((difference, term) => simd(0xb1, difference, term), a);
const multiply = (a: Code, b: Code) => simd(0xb5, a, b);
const min = (a: Code, b: Code) => simd(0xb6, a, b);
const max = (a: Code, b: Code) => simd(0xb8, a, b);
/** Saturating narrowings, i32 → i16 (signed) and i16 → u8: together, the clamp of a Uint8ClampedArray store. */
const narrowToI16 = (a: Code, b: Code) => simd(0x85, a, b);
const narrowToU8 = (a: Code, b: Code) => simd(0x66, a, b);
const shuffle = (a: Code, b: Code, lanes: number[]) => [...a, ...b, 0xfd, 0x0d, ...lanes];

/**
 * Four 32-bit values from memory, at `offset` past four addresses, as one vector (in the local `loaded`,
 * which the caller must not be building at the same time): v128.load32_zero, then v128.load32_lane.
 */
const loadLanes = (addresses: Code[], offset: number): Code => [
  ...set(local('loaded'), [...addresses[0]!, 0xfd, 0x5c, 2, ...unsigned(offset)]),
  ...[1, 2, 3].flatMap((lane) =>
    set(local('loaded'), [...addresses[lane]!, ...get(local('loaded')), 0xfd, 0x56, 2, ...unsigned(offset), lane]),
  ),
  ...get(local('loaded')),
];
/** table[index] for each lane, given the byte offsets (index × 4) into the table in the local `offsets`. */
const gather = (table: number) =>
  loadLanes(
    FOUR.map((lane) => extractLane(get(local('offsets')), lane)),
    table,
  );

const ZERO_BYTE = 0x80; // a swizzle lane index past 15 gives 0
/** Byte `at + 3k` of a 16-byte vector into lane k (zero-extended). */
const everyThirdByte = (at: number) => FOUR.flatMap((k) => [at + 3 * k, ZERO_BYTE, ZERO_BYTE, ZERO_BYTE]);

/**
 * `enhanceRowInJs` for four pixels at a time. Table lookups stay scalar (WebAssembly has no gather), the
 * arithmetic is on four lanes; comments give the JavaScript each part computes.
 */
function kernelCode(): Code {
  // The 16 bytes from 1 past a row copy's pointer: pixel x − 1's green at 0, pixel x's red at 2, … x + 4's green at 15.
  const sixteenBytes = (row: number) => loadVector(get(row), 1);
  const greenAt = (row: number, at: number) => swizzle(sixteenBytes(row), everyThirdByte(at));
  // (table[byte] * gain) >> 8 for channel c of the four pixels
  const curve = (table: number, channel: number) =>
    shiftRight(
      multiply(
        loadLanes(
          FOUR.map((k) => i32Shl(loadByte(get(ORIGINAL_AT), PAD + 3 * k + channel), 2)),
          table,
        ),
        get(local('gain')),
      ),
      8,
    );
  // clamp((c + ((boost * (c - luma)) >> 8) + detail + 8) >> 4), clamped later by the narrowings
  const output = (channel: Code) =>
    shiftRight(
      add(
        channel,
        shiftRight(multiply(get(local('boost')), subtract(channel, get(local('luma')))), 8),
        get(local('detail')),
      ),
      4,
    );
  return [
    // eight = 8 in every lane; byteLimit = 255; end = output + 3 · (width rounded up to 4)
    ...set(local('eight'), splatConstant(8)),
    ...set(local('byteLimit'), splatConstant(255)),
    ...set(END, i32Add(get(OUTPUT_AT), [...i32Add(get(WIDTH), i32(3)), ...i32(-4), 0x71, ...i32(3), 0x6c])),
    ...[0x02, 0x40], // block
    ...[...get(WIDTH), 0x45, 0x0d, 0], // if (width === 0) break
    ...[0x03, 0x40], // loop
    // gain = gainRow[x] | 0
    ...set(local('gain'), simd(0xf8, loadVector(get(GAIN_AT), 0))), // i32x4.trunc_sat_f32x4_s
    ...set(local('red'), curve(RED_TABLE, 0)),
    ...set(local('green'), curve(GREEN_TABLE, 1)),
    ...set(local('blue'), curve(BLUE_TABLE, 2)),
    // highPass = 4 * greenIn - original[j - 2] - original[j + 4] - above[j + 1] - below[j + 1]
    // detail = ((sharpening[HIGH_PASS_RANGE + highPass] * gain) >> 8) + 8   (the + 8 rounds the final >> 4)
    ...set(
      local('offsets'),
      add(
        shiftLeft(
          subtract(
            shiftLeft(greenAt(ORIGINAL_AT, 3), 2),
            greenAt(ORIGINAL_AT, 0),
            greenAt(ORIGINAL_AT, 6),
            greenAt(ABOVE_AT, 3),
            greenAt(BELOW_AT, 3),
          ),
          2,
        ),
        splatConstant(SHARPENING_TABLE + 4 * HIGH_PASS_RANGE),
      ),
    ),
    ...set(local('detail'), add(shiftRight(multiply(gather(0), get(local('gain'))), 8), get(local('eight')))),
    // chroma = max(r, g, b) - min(r, g, b)
    ...set(
      local('chroma'),
      subtract(
        max(max(get(local('red')), get(local('green'))), get(local('blue'))),
        min(min(get(local('red')), get(local('green'))), get(local('blue'))),
      ),
    ),
    // boost = vibrance[min(chroma >> 4, 255)]
    ...set(local('offsets'), shiftLeft(min(shiftRight(get(local('chroma')), 4), get(local('byteLimit'))), 2)),
    ...set(local('boost'), gather(VIBRANCE_TABLE)),
    // if (r > g && g > b && 5 * (g - b) > chroma && 10 * (g - b) < 7 * chroma) boost = (boost * 77) >> 8
    ...set(local('greenOverBlue'), subtract(get(local('green')), get(local('blue')))),
    ...set(
      local('boost'),
      bitselect(
        shiftRight(multiply(get(local('boost')), splatConstant(SKIN_VIBRANCE_SHARE)), 8),
        get(local('boost')),
        and(
          and(
            greaterThan(get(local('red')), get(local('green'))),
            greaterThan(get(local('green')), get(local('blue'))),
          ),
          and(
            greaterThan(multiply(get(local('greenOverBlue')), splatConstant(5)), get(local('chroma'))),
            lessThan(
              multiply(get(local('greenOverBlue')), splatConstant(10)),
              multiply(get(local('chroma')), splatConstant(7)),
            ),
          ),
        ),
      ),
    ),
    // luma = (r + 2 * g + b) >> 2
    ...set(local('luma'), shiftRight(add(get(local('red')), shiftLeft(get(local('green')), 1), get(local('blue'))), 2)),
    // The four pixels' bytes, clamped, interleaved back to RGB and stored (16 bytes, of which 12 count:
    // the next four pixels overwrite the rest).
    ...storeVector(
      get(OUTPUT_AT),
      shuffle(
        narrowToU8(
          narrowToI16(output(get(local('red'))), output(get(local('green')))),
          narrowToI16(output(get(local('blue'))), get(local('eight'))), // (lanes 12–15 are not stored)
        ),
        get(local('eight')), // (the shuffle takes no lane from its second operand)
        [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15],
      ),
    ),
    // Next four pixels: every pointer moves on; loop while output < end.
    ...set(GAIN_AT, i32Add(get(GAIN_AT), i32(16))),
    ...[ORIGINAL_AT, ABOVE_AT, BELOW_AT, OUTPUT_AT].flatMap((pointer) => set(pointer, i32Add(get(pointer), i32(12)))),
    ...[...get(OUTPUT_AT), ...get(END), 0x49, 0x0d, 0], // br_if (output < end, unsigned) to the loop
    0x0b, // end loop
    0x0b, // end block
  ];
}

// The gain sampler's locals: parameters (byte offsets in memory, counts, the scale), then its own.
const SAMPLER_PARAMETERS = [I32, I32, I32, I32, I32, I32, F64];
const [BLENDED_AT, SPAN_END_AT, SPANS, FIRST_INTERPOLATED, SAMPLED_WIDTH, GAINS_AT, SCALE] = [0, 1, 2, 3, 4, 5, 6];
const [X, COLUMN, SPAN_END, EDGE_GAIN, VALUE, STEP, LEFT, DIFFERENCE] = [7, 8, 9, 10, 11, 12, 13, 14];

const f64 = (value: number): Code => {
  const bytes = new DataView(new ArrayBuffer(8));
  bytes.setFloat64(0, value, true);
  return [0x44, ...new Uint8Array(bytes.buffer)];
};
const f64Add = (a: Code, b: Code): Code => [...a, ...b, 0xa0];
const f64Subtract = (a: Code, b: Code): Code => [...a, ...b, 0xa1];
const f64Multiply = (a: Code, b: Code): Code => [...a, ...b, 0xa2];
const f64FromI32 = (value: Code): Code => [...value, 0xb7];
/** A float32 in memory, widened (exactly) to float64, as JavaScript reads a Float32Array. */
const loadF32AsF64 = (address: Code, offset: number): Code => [...address, 0x2a, 2, ...unsigned(offset), 0xbb];
/** float64 → float32, rounded to nearest, as storing into a Float32Array does. */
const toF32 = (value: Code): Code => [...value, 0xb6];
const loadF32 = (address: Code, offset: number): Code => [...address, 0x2a, 2, ...unsigned(offset)];
const storeF32 = (address: Code, value: Code): Code => [...address, ...value, 0x38, 2, 0];
const times4 = (value: Code) => i32Shl(value, 2);
/** while (x < limit) { body; x++ } */
const whileXBelow = (limit: Code, loopBody: Code): Code => [
  ...[0x02, 0x40, 0x03, 0x40], // block, loop
  ...[...get(X), ...limit, 0x4e, 0x0d, 1], // br_if (x >= limit) out of the block
  ...loopBody,
  ...set(X, i32Add(get(X), i32(1))),
  ...[0x0c, 0, 0x0b, 0x0b], // br to the loop; end loop, end block
];

/**
 * RowSampler.sampleRow, for the gain plane: the same float64 steps in the same order, so the same float32
 * values. `blended` is the row from RowSampler.blendRow.
 */
function gainSamplerCode(): Code {
  const storeGain = (gain: Code) => storeF32(i32Add(get(GAINS_AT), times4(get(X))), gain);
  return [
    // for (; x < firstInterpolated; x++) out[x] = blended[0]
    ...set(EDGE_GAIN, loadF32(get(BLENDED_AT), 0)),
    ...whileXBelow(get(FIRST_INTERPOLATED), storeGain(get(EDGE_GAIN))),
    // for (column = 0; column < spans; column++)
    ...[0x02, 0x40, 0x03, 0x40],
    ...[...get(COLUMN), ...get(SPANS), 0x4e, 0x0d, 1],
    // left = blended[column]; step = (blended[column + 1] - left) * scale
    ...set(LEFT, loadF32AsF64(i32Add(get(BLENDED_AT), times4(get(COLUMN))), 0)),
    ...set(DIFFERENCE, f64Subtract(loadF32AsF64(i32Add(get(BLENDED_AT), times4(get(COLUMN))), 4), get(LEFT))),
    ...set(STEP, f64Multiply(get(DIFFERENCE), get(SCALE))),
    // value = left + (blended[column + 1] - left) * ((x + 0.5) * scale - 0.5 - column)
    ...set(
      VALUE,
      f64Add(
        get(LEFT),
        f64Multiply(
          get(DIFFERENCE),
          f64Subtract(
            f64Subtract(f64Multiply(f64Add(f64FromI32(get(X)), f64(0.5)), get(SCALE)), f64(0.5)),
            f64FromI32(get(COLUMN)),
          ),
        ),
      ),
    ),
    // for (const end = spanEnd[column]; x < end; x++, value += step) out[x] = value
    ...set(SPAN_END, [...i32Add(get(SPAN_END_AT), times4(get(COLUMN))), 0x28, 2, 0]),
    ...whileXBelow(get(SPAN_END), [...storeGain(toF32(get(VALUE))), ...set(VALUE, f64Add(get(VALUE), get(STEP)))]),
    ...set(COLUMN, i32Add(get(COLUMN), i32(1))),
    ...[0x0c, 0, 0x0b, 0x0b],
    // for (; x < width; x++) out[x] = blended[spans] (the last plane column)
    ...set(EDGE_GAIN, loadF32(i32Add(get(BLENDED_AT), times4(get(SPANS))), 0)),
    ...whileXBelow(get(SAMPLED_WIDTH), storeGain(get(EDGE_GAIN))),
  ];
}
