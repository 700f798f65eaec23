import { MINIMUM_AGE } from '../../../shared/brand';
import { SAFETY_PAGE_PATH } from '../../../shared/safety/rules';
import type { LegalDocument } from './legal-types';

export const termsDocument: LegalDocument = {
  title: 'Terms & Conditions',
  lastUpdated: 'November 28, 2026',
  intro: [
    'Welcome to Reverie. These Terms & Conditions (the “Terms”) are a binding agreement between ' +
      'you and the operator of Reverie (“Reverie”, “we”, “us” or “our”). They govern your access ' +
      'to and use of the Reverie website, web app and related services (together, the ' +
      '“Service”).',
    'Please read these Terms carefully. By creating an account or using the Service, you agree ' +
      'to these Terms and to our Privacy Policy. If you do not agree, do not use the Service.',
  ],
  sections: [
    {
      id: 'about-the-service',
      heading: '1. About the Service',
      paragraphs: [
        'Reverie lets signed-in users create AI companion characters and chat with them. The ' +
          'Service offers Chat Mode, in which you can talk with a character in a Texting style ' +
          'or an Assistant style, and Story Mode, in which you and a character take part in ' +
          'immersive, collaborative roleplay.',
        'Every character on Reverie is a fictional persona, and every reply a character sends is ' +
          'generated automatically by an artificial intelligence language model. No human writes ' +
          'the replies, and no real person is on the other side of the conversation.',
        'We may add, change or remove features of the Service from time to time, for example to ' +
          'improve quality, respond to new risks or comply with the law. Where a change ' +
          'materially reduces what you get under a paid plan, we will tell you in advance.',
      ],
    },
    {
      id: 'eligibility',
      heading: '2. Adults Only: Eligibility',
      paragraphs: [
        'Reverie is an adults-only service. You must be at least 18 years old to create an ' +
          'account or use the Service, and at least the age of majority where you live if that ' +
          'is higher. The Service may contain mature and sexual content that is not suitable for ' +
          'minors.',
        'By creating an account or using the Service, you confirm that you meet this age ' +
          'requirement, that you are legally able to enter into these Terms, and that accessing ' +
          'mature content is lawful where you are.',
        'If we learn or reasonably believe that a user is under 18, we may close that account ' +
          'immediately and without notice, and we will delete the associated data as described ' +
          'in our Privacy Policy. If you believe a minor is using Reverie, please tell us ' +
          'through the Contact page.',
      ],
    },
    {
      id: 'accounts',
      heading: '3. Your Account',
      paragraphs: [
        'You need an account to use the Service. You can sign in with an e-mail address and ' +
          'password, or with your Google account. If you use Google sign-in, Google’s own terms ' +
          'and privacy policy also apply to your use of your Google account.',
        'You agree to give accurate information when you register and to keep it up to date. You ' +
          'are responsible for keeping your password confidential, for all activity that happens ' +
          'under your account, and for telling us promptly through the Contact page if you ' +
          'suspect unauthorised access.',
        'Accounts are personal. You may not share your account, sell or transfer it, or create ' +
          'accounts through automated means. You may hold only one account unless we agree ' +
          'otherwise. You can close your account at any time from your account settings or by ' +
          'contacting us.',
      ],
    },
    {
      id: 'characters-and-mature-content',
      heading: '4. Fictional Characters and Mature Content',
      paragraphs: [
        'All characters on Reverie are fictional and all of them are adults. When you create or ' +
          'edit a character, you must describe the character as an adult aged 18 or over, and ' +
          'you may not describe, depict or imply that a character is a minor, for example ' +
          'through a stated age, a school setting, a childlike body or childlike behaviour in a ' +
          'sexual context.',
        'Conversations may include mature or sexual themes, but only between fictional adult ' +
          'characters. Sexual content involving minors is strictly forbidden. The Service is ' +
          'designed to refuse such requests, and any attempt to generate such content will ' +
          'result in the immediate closure of your account and may be reported to the relevant ' +
          'authorities.',
        'You choose the characters and scenarios you engage with. Mature content is fiction, and ' +
          'you should not use the Service if you do not wish to encounter it.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '5. Acceptable Use',
      paragraphs: [
        'You agree to use the Service lawfully, respectfully and only as intended. In ' +
          'particular, you must not do, or try to do, any of the following:',
      ],
      bullets: [
        'Create, request or share any content that involves, depicts, sexualises or suggests ' +
          'minors, or create any character that is or appears to be under 18.',
        'Create sexual, intimate or degrading content about real, identifiable people, or depict ' +
          'or impersonate a real person, whether a public figure or a private individual, ' +
          'without their consent.',
        'Create, request or share content that is illegal where you or we are located, including ' +
          'content that infringes intellectual property rights, promotes terrorism or violent ' +
          'extremism, or facilitates crime.',
        'Harass, threaten, dox or intimidate anyone, including our staff, or use the Service to ' +
          'produce hate speech or content aimed at harming or exposing another person.',
        'Break, probe or bypass our security, authentication, rate limits, usage allowances or ' +
          'content safeguards, or access accounts or data that are not yours.',
        'Scrape, crawl, bulk download or otherwise extract data from the Service by automated ' +
          'means, or use the Service or its output to build a competing product or to train ' +
          'other AI models.',
        'Upload malware, overload our systems, reverse engineer the Service, or resell or ' +
          'sublicense access to it.',
        'Upload avatars or other images that you do not have the right to use, or that show real ' +
          'people without their consent, minors, or illegal material.',
      ],
    },
    {
      id: 'your-content',
      heading: '6. Your Content',
      paragraphs: [
        '“Your Content” means everything you put into the Service, including character names, ' +
          'descriptions and settings, the messages you send, avatars you upload and feedback you ' +
          'give. As between you and us, you keep any rights you have in Your Content.',
        'You give us a worldwide, non-exclusive, royalty-free licence to host, store, copy, ' +
          'process, transmit and display Your Content only as needed to operate, secure and ' +
          'improve the Service and to comply with the law. This includes sending your messages ' +
          'to our AI language-model provider so that it can generate replies. This licence ends ' +
          'when Your Content is deleted from our systems, except for copies we are required or ' +
          'permitted to keep under our Privacy Policy.',
        'You are responsible for Your Content and confirm that you have all the rights needed to ' +
          'provide it and that it complies with these Terms. We do not pre-screen all content, ' +
          'but we may remove or restrict access to any content that we reasonably believe breaks ' +
          'these Terms or the law.',
        'Subject to these Terms and to any rights of others, you may use the AI replies ' +
          'generated for you for your own personal, non-commercial purposes. Because AI models ' +
          'can produce similar output for different users, we cannot promise that a reply is ' +
          'unique to you.',
      ],
    },
    {
      id: 'ai-output',
      heading: '7. Nature of AI Output',
      paragraphs: [
        'AI replies are generated automatically and may be inaccurate, incomplete, inconsistent, ' +
          'fictional or inappropriate. Characters may state things as fact that are not true, ' +
          'may “remember” things incorrectly, and may behave in unexpected ways. Do not rely on ' +
          'AI output as a source of truth.',
        'Nothing on Reverie is professional advice. AI output is not medical, mental-health, ' +
          'legal, financial or any other professional advice, and it is not a substitute for a ' +
          'qualified professional. If you are in crisis or in danger, contact your local ' +
          'emergency services or a crisis line right away.',
        'An AI character is not a real person, has no feelings, and cannot form a real ' +
          'relationship with you, even when it is written to act as though it can. Please use ' +
          'the Service with that in mind, take breaks, and look after your wellbeing.',
      ],
    },
    {
      id: 'ai-notice-and-crisis-protocol',
      heading: '8. AI Notice and Crisis Protocol',
      paragraphs: [
        'Each conversation shows a notice that the character is an AI, not a person, before its ' +
          'first reply and again at least every three hours while you keep chatting.',
        'Every message you send to a character is checked automatically for signs that you may ' +
          'be thinking about suicide or self-harm. When the check finds them, the conversation ' +
          'shows a notice with crisis services you can contact right away, and the character is ' +
          'instructed to respond with care and to point you to those services. If you tell a ' +
          `character that you are under ${MINIMUM_AGE}, chatting on your account is paused until ` +
          'we have reviewed it.',
        'Automated checks can miss or misread things. They do not replace professional help or ' +
          `emergency services. Our Safety & Crisis Protocol describes what Reverie does in ` +
          'full and lists the crisis services.',
      ],
      links: [{ href: SAFETY_PAGE_PATH, label: 'Read our Safety & Crisis Protocol' }],
    },
    {
      id: 'plans-and-credits',
      heading: '9. Plans, Credits and Allowances',
      paragraphs: [
        'We offer three plans: Free ($0, with 20 AI replies per month), Basic ($4 per month, ' +
          'with 1,000 AI replies per month) and Pro ($20 per month, with 10,000 AI replies per ' +
          'month). Current prices and allowances are always shown on our pricing page, and the ' +
          'information there applies if it differs from this summary.',
        'The following rules apply to all plans:',
      ],
      bullets: [
        'Each AI reply uses one credit from your allowance: one credit per AI reply. Your own ' +
          'messages do not use credits.',
        'When your allowance for the current period is used up, you will not receive further AI ' +
          'replies until your allowance resets or you move to a higher plan.',
        'Allowances reset at the start of each billing period (for the Free plan, each month).',
        'Unused messages do not roll over to the next period. They have no cash value and cannot ' +
          'be transferred, exchanged or refunded.',
      ],
    },
    {
      id: 'subscriptions-and-billing',
      heading: '10. Subscriptions, Billing and Cancellation',
      paragraphs: [
        'Paid plans are monthly subscriptions. When you subscribe, you authorise us, through our ' +
          'payment provider Stripe, to charge your payment card the plan price plus any ' +
          'applicable taxes at the start of your subscription and then at the start of each ' +
          'following billing period. Your subscription renews automatically every month until ' +
          'you cancel it.',
        'Payments are processed by Stripe, a third-party card payment provider. Your card ' +
          'details are given directly to Stripe and are handled under Stripe’s own terms and ' +
          'privacy policy; we never see or store your full card number. If a payment fails, we ' +
          'or Stripe may retry it, and we may move your account to the Free plan until payment ' +
          'succeeds.',
        'You can cancel your subscription at any time from your account settings. If you cancel, ' +
          'cancellation takes effect at the end of the current billing cycle: you keep your paid ' +
          'plan and its remaining allowance until then, and you will not be charged again. After ' +
          'that, your account moves to the Free plan.',
        'We may change plan prices or allowances. We will tell you at least 14 days before a ' +
          'price increase applies to your subscription, and the new price will apply from your ' +
          'next billing period. If you do not agree, you can cancel before the change takes ' +
          'effect.',
      ],
    },
    {
      id: 'refunds',
      heading: '11. Refunds',
      paragraphs: [
        'We do not offer refunds. Subscription fees are charged in advance and are ' +
          'non-refundable, including for partially used billing periods, unused messages, ' +
          'downgrades, or accounts that are suspended or closed because of a breach of these ' +
          'Terms.',
        'This does not affect any right to a refund that you have under applicable law. For ' +
          'example, if you are a consumer in the European Union or the United Kingdom, you may ' +
          'have a statutory right to withdraw from a purchase. When you start a paid ' +
          'subscription, you ask us to make your plan available immediately and you acknowledge ' +
          'that, to the extent the law allows, you lose that right of withdrawal once we have ' +
          'started providing the paid plan. If we charge you by mistake, we will correct it.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '12. Our Intellectual Property',
      paragraphs: [
        'The Service, including its software, design, text, graphics, logos and the Reverie ' +
          'name, belongs to us or our licensors and is protected by intellectual property laws. ' +
          'Except for the limited right to use the Service under these Terms, we do not grant ' +
          'you any rights in it.',
        'If you send us ideas or suggestions for improving the Service, we may use them freely ' +
          'and without any obligation to you.',
      ],
    },
    {
      id: 'reports-and-enforcement',
      heading: '13. Reports, Takedown and Enforcement',
      paragraphs: [
        'If you believe content on Reverie infringes your rights, depicts you without your ' +
          'consent, involves a minor, or is otherwise unlawful, please report it through the ' +
          'Contact page with enough detail for us to find and assess it. We review reports ' +
          'promptly and act on them where appropriate.',
        'To enforce these Terms, investigate abuse reports, respond to takedown or legal ' +
          'requests, or protect users and the public, we may review the relevant content and ' +
          'account information as described in our Privacy Policy. We may also cooperate with ' +
          'law enforcement where the law requires or permits it, and we will report suspected ' +
          'child sexual abuse material to the competent authorities.',
      ],
    },
    {
      id: 'termination',
      heading: '14. Suspension and Termination',
      paragraphs: [
        'You may stop using the Service and close your account at any time. If you have a paid ' +
          'subscription, cancel it first; closing your account does not entitle you to a refund.',
        'We may suspend or close your account, remove content, or limit your access to the ' +
          'Service, with or without notice, if we reasonably believe that you are under 18, that ' +
          'you have breached these Terms or the law, that your use creates risk or possible ' +
          'legal exposure for us or others, or if we are required to do so by law. Where ' +
          'appropriate and lawful, we will tell you the reason and give you a chance to respond.',
        'We may also stop offering the Service altogether. If we do, we will give you reasonable ' +
          'notice where possible and will not charge you for any period after the Service ends.',
        'Sections of these Terms that by their nature should survive termination, including ' +
          'those on your content licence, refunds, disclaimers, limitation of liability, ' +
          'indemnity and governing law, will continue to apply after your account is closed.',
      ],
    },
    {
      id: 'disclaimers',
      heading: '15. Disclaimers',
      paragraphs: [
        'The Service is provided “as is” and “as available”. To the fullest extent permitted by ' +
          'law, we make no warranties of any kind, whether express or implied, including ' +
          'warranties of merchantability, fitness for a particular purpose, non-infringement, ' +
          'accuracy, or that the Service will be uninterrupted, secure or error-free.',
        'We do not control, and are not responsible for, the content of AI replies or for how ' +
          'you use them. We may experience downtime for maintenance or for reasons outside our ' +
          'control, and we do not guarantee that any content or conversation will be stored ' +
          'permanently. Keep your own copy of anything that matters to you.',
        'Some jurisdictions do not allow certain warranties to be excluded. In that case, these ' +
          'disclaimers apply only to the extent permitted by law.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: '16. Limitation of Liability and Indemnity',
      paragraphs: [
        'To the fullest extent permitted by law, we will not be liable for any indirect, ' +
          'incidental, special, consequential or punitive damages, or for any loss of profits, ' +
          'revenue, data, goodwill or emotional distress, arising out of or related to the ' +
          'Service or these Terms, even if we have been told such damages are possible.',
        'To the fullest extent permitted by law, our total liability for all claims arising out ' +
          'of or related to the Service or these Terms is limited to the greater of the amounts ' +
          'you paid us in the 3 months before the claim or $50.',
        'Nothing in these Terms limits or excludes liability that cannot be limited or excluded ' +
          'by law, such as liability for death or personal injury caused by negligence, for ' +
          'fraud, or under mandatory consumer protection rules.',
        'You agree to indemnify us and hold us harmless from claims, losses and reasonable ' +
          'costs, including legal fees, that arise from your breach of these Terms, your misuse ' +
          'of the Service or Your Content, to the extent permitted by law.',
      ],
    },
    {
      id: 'changes-to-terms',
      heading: '17. Changes to These Terms',
      paragraphs: [
        'We may update these Terms from time to time, for example to reflect changes to the ' +
          'Service or to the law. The “Last updated” date at the top of this page shows when ' +
          'they last changed.',
        'If we make material changes, we will tell you in advance by e-mail or through a notice ' +
          'in the Service. The updated Terms apply from the date stated in the notice. If you ' +
          'continue to use the Service after that date, you accept the updated Terms; if you do ' +
          'not agree, you must stop using the Service and may close your account.',
      ],
    },
    {
      id: 'governing-law',
      heading: '18. Governing Law and Disputes',
      paragraphs: [
        'These Terms and any dispute arising out of or related to them or the Service are ' +
          'governed by the laws of the jurisdiction where the operator is established, without ' +
          'regard to its conflict-of-law rules. The courts of that jurisdiction have ' +
          'jurisdiction over any such dispute.',
        'If you are a consumer, you also keep the protection of any mandatory laws of the ' +
          'country where you live, and you may be able to bring proceedings in the courts of ' +
          'that country. Before starting formal proceedings, please contact us so that we can ' +
          'try to resolve the issue informally.',
        'If any part of these Terms is found to be unenforceable, the rest remains in effect. ' +
          'Our failure to enforce a provision is not a waiver of our right to do so later. You ' +
          'may not transfer your rights under these Terms without our consent; we may transfer ' +
          'ours as part of a reorganisation, merger or sale of the Service. These Terms, ' +
          'together with our Privacy Policy, are the entire agreement between you and us about ' +
          'the Service.',
      ],
    },
    {
      id: 'contact',
      heading: '19. Contact Us',
      paragraphs: [
        'If you have questions about these Terms, want to report content or a user, or need help ' +
          'with your account or subscription, please reach us through the Contact page at ' +
          '/contact. We aim to reply as quickly as we can.',
      ],
    },
  ],
};
