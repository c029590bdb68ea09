import type { RecordedRequest, Reply } from './fake-vendor';

/** Answers in the OpenAI Images API's format (`POST /v1/images/edits`, multipart in, JSON out). */

export const OPENAI_EDITS_PATH = '/v1/images/edits';

export function openAiImage(image: Buffer, requestId = 'req_openai_1', size = '1536x1024'): Reply {
  return {
    headers: { 'x-request-id': requestId },
    body: {
      created: 1_760_000_000,
      background: 'opaque',
      data: [{ b64_json: image.toString('base64') }],
      output_format: 'jpeg',
      quality: 'high',
      size,
      usage: {
        input_tokens: 1_500,
        input_tokens_details: { image_tokens: 1_300, text_tokens: 200 },
        output_tokens: 6_208,
        total_tokens: 7_708,
      },
    },
  };
}

export function openAiError(
  status: number,
  code: string | null,
  message: string,
  type = 'invalid_request_error',
): Reply {
  return {
    status,
    headers: { 'x-request-id': `req_error_${status}` },
    body: { error: { message, type, param: null, code } },
  };
}

/** What gpt-image-1 answers when its safety system refuses the input. */
export const openAiModerationBlocked = openAiError(
  400,
  'moderation_blocked',
  'Your request was rejected by the safety system. If you believe this is an error, contact us and include the request ID.',
  'image_generation_user_error',
);

/** The multipart form the SDK sent, parsed. */
export async function readEditForm(request: RecordedRequest): Promise<FormData> {
  return new Response(request.body, {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}
