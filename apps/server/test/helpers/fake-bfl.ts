import { FakeVendor, type RecordedRequest, type Reply } from './fake-vendor';

/**
 * BFL's FLUX API: `POST /v1/{model}` answers `{ id, polling_url, cost, input_mp, output_mp }`; the polling URL
 * answers `{ id, status, result, progress, details }` with status Pending, Ready (result.sample is a signed
 * delivery URL), Request Moderated, Content Moderated, Error or Task not found; the sample URL serves the image.
 */

export interface BflScript {
  /** Answers to the submit, one per submission (the last repeats); default: accept. */
  submit?: (Reply | 'accept')[];
  /** Poll statuses after acceptance, one per poll (the last repeats); default: Pending, then Ready. */
  polls?: (string | Reply)[];
  /** The image at the sample URL. */
  image: Buffer;
  sampleReply?: Reply;
}

export function fakeBfl(script: BflScript): FakeVendor {
  let submissions = 0;
  let polls = 0;
  const submitReplies = script.submit ?? ['accept'];
  const pollReplies = script.polls ?? ['Pending', 'Ready'];
  return new FakeVendor((request: RecordedRequest, vendor) => {
    const url = new URL(request.url, vendor.baseUrl);
    if (request.method === 'POST' && url.pathname.startsWith('/v1/')) {
      const reply = submitReplies[Math.min(submissions++, submitReplies.length - 1)]!;
      if (reply !== 'accept') return reply;
      const id = `task-${submissions}`;
      return {
        body: { id, polling_url: `${vendor.baseUrl}/v1/get_result?id=${id}`, cost: 4, input_mp: 1.02, output_mp: 1.04 },
      };
    }
    if (request.method === 'GET' && url.pathname === '/v1/get_result') {
      const id = url.searchParams.get('id');
      const step = pollReplies[Math.min(polls++, pollReplies.length - 1)]!;
      if (typeof step !== 'string') return step;
      const result =
        step === 'Ready'
          ? { sample: `${vendor.baseUrl}/delivery/${id}/sample.jpeg?se=2030-01-01&sig=abc`, seed: 42, duration: 5.2 }
          : null;
      return { body: { id, status: step, result, progress: step === 'Pending' ? 0.5 : null, details: null } };
    }
    if (request.method === 'GET' && url.pathname.startsWith('/delivery/')) {
      return script.sampleReply ?? { headers: { 'content-type': 'image/jpeg' }, body: script.image };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  });
}
