import type { Reply } from './fake-vendor';

/**
 * Answers in the Gemini API's format (generativelanguage.googleapis.com, v1beta `models/{model}:generateContent`):
 * a GenerateContentResponse, or a google.rpc error body.
 */

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
