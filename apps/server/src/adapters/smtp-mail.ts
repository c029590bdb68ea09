import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from '../infrastructure/mail/mailer';

/** The only file that imports nodemailer, loaded with the first mail: the outbox alone never needs it. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Transporter | undefined;
  const connect = async () => (transporter ??= (await import('nodemailer')).default.createTransport(smtpUrl));
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await (await connect()).sendMail({ from, ...message });
    },
    close: () => transporter?.close(),
  };
}
