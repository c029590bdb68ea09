import { StaticPage } from '../../components/layout/static-page';

export default function ContactUsPage() {
  return (
    <StaticPage title="Contact Us">
      <p>
        Our support team responds within 24 hours on business days. For urgent matters, put URGENT in the subject of
        your message.
      </p>
      <p>
        To help us answer quickly, include the email address of your account and, for a problem with a photo, the name
        of the project it belongs to.
      </p>
    </StaticPage>
  );
}
