import type { LegalSection } from '@fieldcraft/ui';
import { config } from '../../shared/config';

const product = config.brandProduct;
const company = config.brandCompany;

/** The footer's 'Legal Stuff': plain-language notes on data, recording, advice and consent. */
export const legalSections: LegalSection[] = [
  {
    title: 'Data use and cookies',
    paragraphs: [
      `${company} uses the details of your account (name, email address and role) and a record of what you open in ${product} to run the service, keep it secure and improve the training content.`,
      'We use one essential cookie to keep you signed in. It is not used for advertising or tracking across other sites, and it is removed when you sign out.',
    ],
  },
  {
    title: 'Call recording',
    paragraphs: [
      'Conversations with a Field Advisor, spoken or typed, may be recorded and transcribed so the advisor can answer you and so we can review quality and safety.',
      'Do not share personal, medical or payment information in a conversation. Ask us if you want a recording deleted.',
    ],
  },
  {
    title: 'Information disclaimer',
    paragraphs: [
      `Answers, videos and documents in ${product} are general information for training. They are not professional engineering, legal, safety or financial advice.`,
      'Always follow your site rules, the manufacturer’s instructions, local building codes and the direction of a qualified professional before acting on anything you read or hear here.',
    ],
  },
  {
    title: 'Consent management',
    paragraphs: [
      'By signing in you agree to the uses described above. You can withdraw your consent to recording or ask for a copy or deletion of your data at any time by contacting support.',
      'Withdrawing consent may limit features such as voice conversations, but your account and training content stay available.',
    ],
  },
];
