import { LegalSection, StaticPage } from '../../components/layout/static-page';
import { PAGE_META } from '../../content/page-meta';
import {
  LEGAL_EMAIL,
  LEGAL_LAST_UPDATED,
  MINIMUM_AGE,
  PRODUCT_NAME,
  RETENTION_DAYS,
} from '../../content/product-facts';

/** SPEC §2 /terms-of-use: eleven numbered sections and a legal contact. */
export default function TermsOfUsePage() {
  return (
    <StaticPage meta={PAGE_META.termsOfUse} title="Terms of Use" intro={<p>Last updated {LEGAL_LAST_UPDATED}</p>}>
      <p>
        These Terms of Use govern your access to and use of {PRODUCT_NAME}, a web service that turns property photos
        into virtually staged and enhanced versions. Please read them carefully.
      </p>
      <LegalSection number={1} title="Acceptance of Terms">
        <p>
          By creating an account, starting a free trial or otherwise using {PRODUCT_NAME}, you agree to these terms and
          to our Privacy Policy. If you use {PRODUCT_NAME} on behalf of a brokerage or team, you confirm that you may
          accept these terms for it. If you do not agree, do not use the service.
        </p>
      </LegalSection>
      <LegalSection number={2} title="Description of Service">
        <p>
          {PRODUCT_NAME} lets real estate professionals upload property photos, choose an enhancement template or write
          their own instructions, and receive AI-generated staged or enhanced versions, grouped into projects that can
          be reviewed and downloaded. Access is through a free trial or a paid subscription. Processing times stated on
          our pages are typical figures, not guarantees.
        </p>
      </LegalSection>
      <LegalSection number={3} title="Accounts">
        <p>
          You must give accurate information when you sign up, verify your email address, and keep your password
          confidential. You are responsible for everything done with your account. You must be at least {MINIMUM_AGE}{' '}
          years old, and old enough to form a binding contract where you live. Tell us at once if you believe your
          account has been used without your permission.
        </p>
      </LegalSection>
      <LegalSection number={4} title="Acceptable Use">
        <p>You agree not to:</p>
        <ul className="list-disc space-y-1.5 pl-6">
          <li>upload photos you do not have the right to use, or that show people without their consent;</li>
          <li>
            use staged or enhanced photos to misrepresent a property, for example by hiding defects or changing its
            structure, or publish them without the disclosure your MLS or local law requires;
          </li>
          <li>upload unlawful, harmful or infringing content, or malware;</li>
          <li>
            try to break, overload, probe or bypass the limits or security of the service, or access other users' data;
          </li>
          <li>resell or share access to the service, or use it to build a competing product.</li>
        </ul>
      </LegalSection>
      <LegalSection number={5} title="Intellectual Property">
        <p>
          You keep ownership of the photos you upload and of the results made from them. You grant {PRODUCT_NAME} a
          limited, non-exclusive licence to store, process and display your photos only to provide the service to you.
          The service itself, including its software, templates, design and brand, belongs to {PRODUCT_NAME} and its
          licensors.
        </p>
      </LegalSection>
      <LegalSection number={6} title="Privacy">
        <p>
          Our Privacy Policy explains what we collect and how we use it. Uploaded photos and their results are deleted
          from our servers {RETENTION_DAYS} days after upload unless your plan keeps them longer, and your image data is
          not used to train AI models without your consent.
        </p>
      </LegalSection>
      <LegalSection number={7} title="Service Availability and Changes">
        <p>
          We work to keep {PRODUCT_NAME} available and fast, but it may be interrupted for maintenance, updates or
          reasons outside our control. We may add, change or remove features, templates and plans. If a change
          materially reduces what a paid plan includes, we will tell you in advance.
        </p>
      </LegalSection>
      <LegalSection number={8} title="Disclaimers and Limitation of Liability">
        <p>
          The service and its results are provided "as is" and "as available". AI-generated images can contain mistakes;
          review every result before you publish it. To the fullest extent the law allows, {PRODUCT_NAME} is not liable
          for indirect, incidental or consequential damages, lost profits or lost sales, and our total liability is
          limited to the amount you paid us in the twelve months before the claim.
        </p>
      </LegalSection>
      <LegalSection number={9} title="Termination">
        <p>
          You can cancel your subscription at any time from the billing area, with no cancellation fees or contracts;
          you keep access until the end of the period you paid for. We may suspend or close accounts that break these
          terms or that have unpaid charges after the grace period. When an account is closed, its data is deleted as
          our Privacy Policy describes.
        </p>
      </LegalSection>
      <LegalSection number={10} title="Governing Law">
        <p>
          These terms are governed by the laws of the United States and of the state in which {PRODUCT_NAME} is
          established, without regard to conflict-of-law rules. Disputes will be heard by the courts of that state,
          unless the law where you live gives you the right to bring them elsewhere.
        </p>
      </LegalSection>
      <LegalSection number={11} title="Changes to Terms">
        <p>
          We may update these terms. The date at the top of this page shows when they last changed; for material changes
          we will also notify you by email or in the app before they take effect. Continuing to use the service after
          that means you accept the updated terms.
        </p>
      </LegalSection>
      <section aria-labelledby="legal-contact" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="legal-contact" className="text-lg font-semibold text-stone-900">
          Legal contact
        </h2>
        <p>
          Questions about these terms? Write to{' '}
          <a className="font-medium text-brand-800 underline underline-offset-4" href={`mailto:${LEGAL_EMAIL}`}>
            {LEGAL_EMAIL}
          </a>
          .
        </p>
      </section>
    </StaticPage>
  );
}
