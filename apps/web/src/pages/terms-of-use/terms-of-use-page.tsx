import { StaticPage } from '../../components/layout/static-page';

export default function TermsOfUsePage() {
  return (
    <StaticPage title="Terms of Use" intro="Last updated September 17, 2025">
      <p>
        These terms govern your use of Hearth, a service that turns your listing photos into AI-staged and enhanced
        versions. By creating an account or using the service, you accept them.
      </p>
      <p>
        You keep ownership of the images you upload and grant Hearth a licence to process them. Subscriptions can be
        cancelled at any time from the billing area, with no fees or contracts. These terms are governed by the laws of
        the United States.
      </p>
    </StaticPage>
  );
}
