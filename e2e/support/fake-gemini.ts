import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeImageBuffer, encodeRgbToJpegBuffer } from '@hearth/image-engine';
import { addBackWallWindow, addFurniture, simulateProvider } from '@hearth/image-engine/test-support';
import { geminiImage, geminiImageSafety } from '@hearth/server/test-support/fake-gemini';

/**
 * A stand-in for Google's Gemini API on loopback, for the browser journeys of staging: it speaks
 * `models/{model}:generateContent` as the real @google/genai SDK expects, and "stages" the photo it receives
 * by drawing furniture on its floor, answering at Gemini's 1248×832 like the real model. What the agent asked
 * for steers it, as a real model would be steered: instructions asking for a window get one (the structure
 * check must flag it), and asking for a person is refused the way Gemini's image safety filter refuses. Like a
 * real model it never draws the same picture twice: each call's light is a little different, so variations and
 * versions of one photo can be told apart by their bytes.
 */

let calls = 0;

/** What each call carried, for the journeys to check (GET /__received): its images' sizes and its prompt. */
interface ReceivedCall {
  imageBytes: number[];
  prompt: string;
}
const received: ReceivedCall[] = [];

interface GenerateContentRequest {
  contents: { parts: { text?: string; inlineData?: { data: string } }[] }[];
}

export async function startFakeGemini(listenOn = 0): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/__received') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as GenerateContentRequest).then(
        (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function answer(request: GenerateContentRequest) {
  const parts = request.contents[0]?.parts ?? [];
  const prompt = parts.find((part) => part.text)?.text ?? '';
  received.push({
    imageBytes: parts.flatMap((part) => (part.inlineData ? [Buffer.from(part.inlineData.data, 'base64').length] : [])),
    prompt,
  });
  // The agent's own words end the requested edit, after the fixed rules (which mention windows too) and before
  // the style line.
  const edit = /Requested edit: ([^\n]*)/.exec(prompt)?.[1] ?? prompt;
  const wish = edit.slice(edit.lastIndexOf('.', edit.length - 2) + 1).toLowerCase();
  if (wish.includes('person')) return geminiImageSafety.body;

  const photo = await decodeImageBuffer(Buffer.from(parts.find((part) => part.inlineData)!.inlineData!.data, 'base64'));
  const staged = wish.includes('window') ? addBackWallWindow(addFurniture(photo)) : addFurniture(photo);
  const gain = 1.01 + 0.01 * (calls++ % 4);
  const result = await simulateProvider(staged, { width: 1248, height: 832, framing: 'stretched', gain });
  return geminiImage(await encodeRgbToJpegBuffer(result), 'image/jpeg', `e2e-${Date.now()}`).body;
}
