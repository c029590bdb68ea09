import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from '../infrastructure/mail/mailer';

/** The only file that imports nodemailer. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}
