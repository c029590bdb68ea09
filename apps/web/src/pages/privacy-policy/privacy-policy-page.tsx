import { StaticPage } from '../../components/layout/static-page';

export default function PrivacyPolicyPage() {
  return (
    <StaticPage title="Privacy Policy">
      <p>
        Your image data is used to deliver the service and is not used to train AI models without your consent. By
        default, uploaded photos are deleted from our servers after 30 days, and your account data and images are
        deleted within 30 days of account deletion.
      </p>
      <p>The service is not directed to children under 13. Privacy inquiries are answered within 30 days.</p>
    </StaticPage>
  );
}
