import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { uniqueEmail } from './helpers/accounts';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  testApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Hearth <hello@hearth.test>' });
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail through SMTP', () => {
  it('delivers the verification mail with a text and an HTML part', async () => {
    const email = uniqueEmail();
    const response = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-up/email', {
      email,
      password: 'Sunny-Porch-42',
      name: 'Smtp Tester',
    });
    expect(response.status).toBe(200);
    await expect.poll(() => received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.from).toBe('hello@hearth.test');
    expect(mail.to).toEqual([email]);
    expect(mail.data).toMatch(/Subject: Verify your email for Hearth/);
    expect(mail.data).toMatch(/Content-Type: text\/plain/);
    expect(mail.data).toMatch(/Content-Type: text\/html/);
    expect(mail.data).toMatch(/verify-email\?token=/);
  });

  it('has no outbox route and says so in the auth config', async () => {
    const client = new ApiClient(testApp.baseUrl);
    expect((await client.get('/api/dev/outbox')).status).toBe(404);
    expect((await client.get('/api/auth/config')).body.devOutbox).toBe(false);
  });
});
