import { parseJsonBody, type RecordedRequest, type Reply } from './fake-vendor';

/**
 * Answers in the Gemini API's format (generativelanguage.googleapis.com, v1beta `models/{model}:generateContent`):
 * a GenerateContentResponse, or a google.rpc error body.
 */

/** The photo a `generateContent` request carried (its first inline image), as sent. */
export function geminiSentImage(request: RecordedRequest): Buffer {
  const body = parseJsonBody(request) as { contents: { parts: { inlineData?: { data: string } }[] }[] };
  return Buffer.from(body.contents[0]!.parts.find((p) => p.inlineData)!.inlineData!.data, 'base64');
}

/** The prompt a `generateContent` request carried (its first text part). */
export function geminiPromptSent(request: RecordedRequest): string {
  const body = parseJsonBody(request) as { contents: { parts: { text?: string }[] }[] };
  return body.contents[0]!.parts.find((p) => p.text)!.text!;
}

export const geminiPath = (model: string) => `/v1beta/models/${model}:generateContent`;

export function geminiImage(image: Buffer, mimeType = 'image/png', responseId = 'resp-gemini-1'): Reply {
  return {
    body: {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'Here is the staged room.' }, { inlineData: { mimeType, data: image.toString('base64') } }],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 1306, candidatesTokenCount: 1290, totalTokenCount: 2596 },
      modelVersion: 'gemini-2.5-flash-image',
      responseId,
    },
  };
}

/** What Gemini sends when its image safety filter stops the answer: a candidate with no content. */
export const geminiImageSafety: Reply = {
  body: {
    candidates: [{ finishReason: 'IMAGE_SAFETY', index: 0 }],
    usageMetadata: { promptTokenCount: 1306, totalTokenCount: 1306 },
    modelVersion: 'gemini-2.5-flash-image',
    responseId: 'resp-blocked',
  },
};

/** A prompt blocked before generation: promptFeedback.blockReason and no candidates. */
export const geminiPromptBlocked: Reply = {
  body: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 1306 } },
};

export function geminiError(code: number, status: string, message: string, details: unknown[] = []): Reply {
  return { status: code, body: { error: { code, message, status, details } } };
}

export const geminiRateLimited = (retryDelay = '7s'): Reply =>
  geminiError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', [
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
  ]);

/**
 * A thinking model's answer (Gemini 3 Pro Image, 3.1 Flash Image) as the docs show it: thought parts first —
 * text and interim draft images marked `thought: true` — then the final image, which carries the thought
 * signature. Token counts split by modality, with the thinking tokens apart.
 */
export function geminiThinkingImage(
  drafts: Buffer[],
  final: Buffer,
  model = 'gemini-3.1-flash-image-preview',
  imageTokens = 2520,
): Reply {
  const inline = (image: Buffer) => ({ mimeType: 'image/png', data: image.toString('base64') });
  return {
    body: {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: '**Planning the staging**\nPlacing a sofa facing the window.', thought: true },
              ...drafts.map((draft) => ({ inlineData: inline(draft), thought: true })),
              { inlineData: inline(final), thoughtSignature: 'c2lnbmF0dXJl' },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 1400,
        candidatesTokenCount: imageTokens,
        thoughtsTokenCount: 300,
        totalTokenCount: 1400 + imageTokens + 300,
        promptTokensDetails: [
          { modality: 'TEXT', tokenCount: 140 },
          { modality: 'IMAGE', tokenCount: 1260 },
        ],
        candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: imageTokens }],
      },
      modelVersion: model,
      responseId: 'resp-thinking',
    },
  };
}

/** Two candidates: the first holds only drafts, the second the final image. */
export function geminiFinalInSecondCandidate(draft: Buffer, final: Buffer): Reply {
  const inline = (image: Buffer) => ({ mimeType: 'image/png', data: image.toString('base64') });
  return {
    body: {
      candidates: [
        { content: { role: 'model', parts: [{ inlineData: inline(draft), thought: true }] }, index: 0 },
        { content: { role: 'model', parts: [{ inlineData: inline(final) }] }, finishReason: 'STOP', index: 1 },
      ],
      modelVersion: 'gemini-3-pro-image-preview',
      responseId: 'resp-two',
    },
  };
}
