import { LegalSection, StaticPage } from '../../components/layout/static-page';
import { PAGE_META } from '../../content/page-meta';
import {
  ACCOUNT_DELETION_DAYS,
  LEGAL_LAST_UPDATED,
  MINIMUM_AGE,
  PRIVACY_EMAIL,
  PRIVACY_RESPONSE_DAYS,
  PRODUCT_NAME,
  RETENTION_DAYS,
} from '../../content/product-facts';

const emailLink = (
  <a className="font-medium text-brand-800 underline underline-offset-4" href={`mailto:${PRIVACY_EMAIL}`}>
    {PRIVACY_EMAIL}
  </a>
);

/** SPEC §2 /privacy-policy: eleven sections; privacy inquiries answered within 30 days. */
export default function PrivacyPolicyPage() {
  return (
    <StaticPage meta={PAGE_META.privacyPolicy} title="Privacy Policy" intro={<p>Last updated {LEGAL_LAST_UPDATED}</p>}>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you use our virtual staging service, why, who helps us
        process it, and the choices you have.
      </p>
      <LegalSection number={1} title="Information We Collect">
        <ul className="list-disc space-y-1.5 pl-6">
          <li>Account details: your first and last name, email address and password (stored only as a hash).</li>
          <li>
            Photos you upload, the instructions you write, the results we produce, and project details such as names and
            dates.
          </li>
          <li>
            Billing details: your plan, subscription status and usage. Card numbers go directly to our payment
            processor; we never see or store them.
          </li>
          <li>Technical data: IP address, browser, device and the pages and features you use, with timestamps.</li>
        </ul>
      </LegalSection>
      <LegalSection number={2} title="How We Use Information">
        <p>
          To run the service (sign you in, process your photos, show and deliver your results), to bill you, to answer
          your requests, to keep the service secure and prevent abuse, to send service emails such as address
          verification and password resets, and to understand how the product is used so we can improve it.
        </p>
      </LegalSection>
      <LegalSection number={3} title="How We Share Information">
        <p>We do not sell your personal information. We share it only with providers that help us run the service:</p>
        <ul className="list-disc space-y-1.5 pl-6">
          <li>our payment processor, which handles checkout, card payments and invoices;</li>
          <li>a cloud AI provider, which processes your photos and instructions to produce the results;</li>
          <li>our hosting and storage providers, where the service and your files run and are kept;</li>
          <li>analytics services, which tell us how the product is used, in aggregate.</li>
        </ul>
        <p>
          Each may use the data only to provide its service to us. We also disclose information when the law requires it
          or to protect the rights and safety of our users and of {PRODUCT_NAME}.
        </p>
      </LegalSection>
      <LegalSection number={4} title="Data Security">
        <p>
          Connections are encrypted, passwords are hashed, access to production systems is limited to the people who
          need it, and every account's photos and projects are visible to that account only. No system is perfectly
          secure; if a breach affects your data, we will tell you as the law requires.
        </p>
      </LegalSection>
      <LegalSection number={5} title="Image Data">
        <p>
          Your photos remain yours. We use them only to produce the results you ask for. Image data is not used to train
          AI models without your consent. Location and camera details embedded in uploaded photos are removed when we
          process them.
        </p>
      </LegalSection>
      <LegalSection number={6} title="Cookies">
        <p>
          We use a session cookie to keep you signed in, and the cookies our payment processor needs during checkout.
          Analytics cookies help us understand usage in aggregate. You can block cookies in your browser, but you cannot
          stay signed in without the session cookie.
        </p>
      </LegalSection>
      <LegalSection number={7} title="Your Rights">
        <p>
          You can see and correct your details in your profile, download your results, and ask us for a copy of your
          data, its correction or its deletion, or object to its use. Depending on where you live you may have further
          rights under laws such as the GDPR or the CCPA. Write to {emailLink}.
        </p>
      </LegalSection>
      <LegalSection number={8} title="Data Retention">
        <p>
          Uploaded photos and their results are deleted {RETENTION_DAYS} days after upload by default (some paid plans
          keep them longer). If you delete your account, your account data and images are deleted within{' '}
          {ACCOUNT_DELETION_DAYS} days, except records we must keep by law, such as invoices.
        </p>
      </LegalSection>
      <LegalSection number={9} title="International Transfers">
        <p>
          We and our providers may process data in the United States and other countries. Where data leaves the country
          it was collected in, we rely on safeguards the law recognises, such as standard contractual clauses.
        </p>
      </LegalSection>
      <LegalSection number={10} title="Children's Privacy">
        <p>
          {PRODUCT_NAME} is a service for real estate professionals and is not directed to children under {MINIMUM_AGE}.
          We do not knowingly collect their data; if you believe a child has given us personal information, contact us
          and we will delete it.
        </p>
      </LegalSection>
      <LegalSection number={11} title="Changes to This Policy">
        <p>
          We may update this policy. The date at the top shows the latest version; for material changes we will also
          tell you by email or in the app before they take effect.
        </p>
      </LegalSection>
      <section aria-labelledby="privacy-contact" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="privacy-contact" className="text-lg font-semibold text-stone-900">
          Privacy inquiries
        </h2>
        <p>
          Write to {emailLink}. We answer privacy inquiries within {PRIVACY_RESPONSE_DAYS} days.
        </p>
      </section>
    </StaticPage>
  );
}
