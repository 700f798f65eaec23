import { SAFETY_PAGE_PATH } from '../../../shared/safety/rules';
import type { LegalDocument } from './legal-types';

export const privacyDocument: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'November 28, 2026',
  intro: [
    'This Privacy Policy explains what personal data the operator of Reverie (“Reverie”, “we”, ' +
      '“us” or “our”) collects when you use the Reverie website, web app and related services ' +
      '(the “Service”), why we collect it, who we share it with, how long we keep it, and the ' +
      'rights you have over it.',
    'We built Reverie so that your conversations stay yours. We collect only what we need to run ' +
      'the Service, we do not sell your personal data, and we do not use advertising trackers. ' +
      'Please read this policy together with our Terms & Conditions.',
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: '1. Who We Are',
      paragraphs: [
        'The operator of Reverie is the controller of your personal data for the purposes of the ' +
          'EU and UK General Data Protection Regulation (GDPR) and similar laws. This means we ' +
          'decide how and why your personal data is processed and are responsible for protecting ' +
          'it.',
        'You can reach us about anything in this policy, including requests to exercise your ' +
          'rights, through the Contact page at /contact.',
      ],
    },
    {
      id: 'information-we-collect',
      heading: '2. Information We Collect',
      paragraphs: [
        'We collect the following information, most of which you give us directly when you use ' +
          'the Service:',
      ],
      bullets: [
        'Account data: your e-mail address, an optional name, and your password. We never store ' +
          'your password itself, only a salted hash of it, which cannot be turned back into the ' +
          'password. If you sign in with Google, we receive your Google account identifier and ' +
          'the e-mail address of that Google account; we do not receive your Google password.',
        'Profile data: the name, gender and preferences you choose to set so that characters can ' +
          'address you and respond in the way you like.',
        'Characters you create: names, descriptions, personalities, settings and any other ' +
          'details you give your characters.',
        'Conversations: the messages you send and the AI replies generated for you, in Chat Mode ' +
          'and Story Mode.',
        'Uploaded avatars: images you upload for your profile or your characters.',
        'Feedback: when you rate a reply with a thumbs-up or thumbs-down, the rating together ' +
          'with the rated message pair, meaning your message and the AI reply.',
        'Billing status: your plan, subscription status, renewal dates, usage of your message ' +
          'allowance, and the customer and subscription references our payment provider gives ' +
          'us. Card details are handled by Stripe and are never stored by us.',
        'Contact form messages: the name, e-mail address and message you send us through the ' +
          'Contact page, and our replies.',
        'Safety records: that a safety notice was shown in one of your conversations, or that ' +
          'chatting on your account was paused, and when. These records never contain the text ' +
          'of your messages.',
        'Technical logs: IP address, request times, the pages and features requested, browser ' +
          'type, and error details, collected automatically when you use the Service.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: '3. How We Use Your Information',
      paragraphs: ['We use your personal data only for the following purposes:'],
      bullets: [
        'To create and manage your account, sign you in and keep your session secure.',
        'To provide the Service: storing your characters and conversations, and generating AI ' +
          'replies that take your profile, your character and the conversation into account.',
        'To manage your plan, count your message allowance and process subscriptions through ' +
          'Stripe.',
        'To improve the quality of AI replies, using the message pairs you choose to rate.',
        'To keep the Service safe and reliable: preventing abuse and fraud, enforcing our Terms, ' +
          'detecting and fixing errors, and protecting against attacks.',
        'To communicate with you: answering your messages, and sending essential service e-mails ' +
          'such as account verification, password resets and important changes to our terms or ' +
          'this policy.',
        'To comply with our legal obligations and respond to lawful requests from authorities.',
      ],
    },
    {
      id: 'legal-bases',
      heading: '4. Legal Bases for Processing',
      paragraphs: [
        'Where the GDPR or a similar law applies, we rely on the following legal bases. We ' +
          'process account, profile, character, conversation, avatar and billing data because it ' +
          'is necessary to perform our contract with you, that is, to provide the Service you ' +
          'signed up for.',
        'We process technical logs, feedback pairs and data used for security, abuse prevention ' +
          'and enforcement of our Terms on the basis of our legitimate interests in running a ' +
          'safe, reliable and improving service. We have balanced these interests against your ' +
          'rights, and you can object at any time as described below.',
        'We keep billing records and respond to legal requests because we are legally obliged ' +
          'to. Where we ask for your consent for something specific, we rely on that consent, ' +
          'and you can withdraw it at any time without affecting processing that happened ' +
          'before.',
        'Because Reverie is designed for mature roleplay, your profile and conversations may ' +
          'reveal sensitive information, for example about your sex life, sexual orientation, ' +
          'health or beliefs. You decide what to share, and you never need to share real ' +
          'personal details to use Reverie. We treat all such content as confidential, use it ' +
          'only to provide the Service you ask for and for the limited purposes in this policy, ' +
          'and never use it for advertising or profiling.',
      ],
    },
    {
      id: 'conversation-privacy',
      heading: '5. Who Can See Your Conversations',
      paragraphs: [
        'Your conversations are private by default. They are visible to you in your account, and ' +
          'they are not shown to other users. Our staff do not browse or read your conversations ' +
          'or characters. Staff see content only in these narrow cases:',
      ],
      bullets: [
        'Feedback: when you give a thumbs-up or thumbs-down on a reply, the rated message pair ' +
          '(your message and the AI reply) is stored and may be reviewed by our staff to improve ' +
          'the quality of the Service. Only the rated pair is stored for this purpose, not the ' +
          'rest of the conversation.',
        'Takedown or legal requests: when we receive a takedown request or a legal request, such ' +
          'as a court order or a request from a competent authority, we may review the content ' +
          'concerned to assess and respond to it.',
        'Enforcing our Terms: when we need to enforce our Terms & Conditions, for example when ' +
          'investigating abuse reports, suspected use by a minor, or attempts to create ' +
          'prohibited content, we may review the relevant content and account information.',
      ],
    },
    {
      id: 'ai-provider',
      heading: '6. How AI Replies Are Generated',
      paragraphs: [
        'To generate a reply, we send the relevant part of your conversation, together with your ' +
          'character’s details and the profile preferences needed for the reply, to the AI ' +
          'language-model provider we use. This data is sent only to generate replies and to run ' +
          'the automated safety checks described below, and for no other purpose. We do not authorise the provider to use it for advertising or to build ' +
          'profiles of you.',
        'The provider processes this data on our behalf under a data processing agreement or ' +
          'equivalent contractual terms. The Service may also apply automated safety measures to ' +
          'requests and replies, for example to refuse sexual content involving minors.',
        'Every message you send to a character is checked automatically for signs of suicide or ' +
          'self-harm, as our Safety & Crisis Protocol describes; a message that is unclear is ' +
          'sent to the same provider for a second automatic opinion. When a safety notice is ' +
          'shown, we store that it was shown and when, never the words of your message. For the ' +
          'yearly report that California law requires, we keep monthly counts of the notices ' +
          'shown and of paused accounts, which contain no personal data.',
      ],
      links: [{ href: SAFETY_PAGE_PATH, label: 'Read our Safety & Crisis Protocol' }],
    },
    {
      id: 'sharing',
      heading: '7. Service Providers and Sharing',
      paragraphs: [
        'We do not sell or rent your personal data, and we do not share it with advertisers. We ' +
          'share personal data only with the following recipients, and only as far as needed:',
      ],
      bullets: [
        'Stripe, our card payment provider, which processes your payments and card details under ' +
          'its own privacy policy. We receive only the billing status and references we need to ' +
          'manage your plan, never your full card number.',
        'Google, if you choose to sign in with your Google account. Google’s privacy policy ' +
          'applies to the data Google processes when you sign in.',
        'Our AI language-model provider, as described in the section above.',
        'Hosting, database, storage and e-mail delivery providers who run our infrastructure and ' +
          'send our service e-mails on our behalf.',
        'Authorities, courts or other parties where the law requires it, or where it is ' +
          'necessary to protect the rights, safety or property of our users, the public or us.',
        'A buyer or successor if the Service is reorganised, merged or sold, in which case this ' +
          'policy will continue to apply to your data or you will be told of any changes.',
      ],
    },
    {
      id: 'technical-logs',
      heading: '8. Technical Logs',
      paragraphs: [
        'Like most online services, our servers keep technical logs so that we can keep the ' +
          'Service running, investigate errors and defend against abuse and attacks. These logs ' +
          'contain information such as your IP address, request times, the pages or features ' +
          'requested, response codes and error details.',
        'Technical logs are kept for up to 90 days and are then deleted, unless a specific log ' +
          'entry is needed for longer to investigate a security incident or abuse, or to meet a ' +
          'legal obligation. Our logs never contain your password or the content of your ' +
          'messages.',
      ],
    },
    {
      id: 'cookies',
      heading: '9. Cookies and Local Storage',
      paragraphs: [
        'We use only one cookie: a strictly necessary session cookie that keeps you signed in. ' +
          'It is marked HttpOnly, so scripts running in your browser cannot read it. Because ' +
          'this cookie is essential for the Service to work, it does not require your consent.',
        'We also use your browser’s local storage to remember that you have confirmed you are 18 ' +
          'or over, and to store interface preferences such as display settings. This ' +
          'information stays on your device and you can clear it at any time in your browser ' +
          'settings.',
        'We do not use advertising cookies, tracking pixels, cross-site trackers or third-party ' +
          'analytics that follow you around the web. If you sign in with Google or pay through ' +
          'Stripe, those providers may set their own cookies on their own pages, under their own ' +
          'policies.',
      ],
    },
    {
      id: 'retention',
      heading: '10. How Long We Keep Your Data',
      paragraphs: [
        'We keep personal data only for as long as we need it for the purposes in this policy:',
      ],
      bullets: [
        'Account, profile, character, conversation and avatar data: for as long as your account ' +
          'exists. You can delete individual characters and conversations at any time, and they ' +
          'are then removed from our live systems.',
        'Account closure: when you close your account, we delete your account data, profile, ' +
          'characters, conversations and avatars. Some data may remain for a limited time where ' +
          'we must keep it by law or to resolve a dispute, as described below.',
        'Feedback pairs: rated message pairs are kept for as long as they are useful for ' +
          'improving the quality of the Service, and are deleted when you close your account or ' +
          'earlier if you ask us.',
        'Billing records: records of payments and invoices are kept for as long as tax and ' +
          'accounting laws require, even after your account is closed. Card details are never ' +
          'stored by us.',
        'Contact form messages: for as long as needed to handle your request and any follow-up, ' +
          'and then deleted.',
        'Technical logs: for up to 90 days, as described above.',
        'Backups: we keep encrypted backups to protect against data loss. Deleted data may ' +
          'remain in these backups for a limited period until they are overwritten in our normal ' +
          'backup cycle. Backups are not used for any other purpose and are protected in the ' +
          'same way as live data.',
      ],
    },
    {
      id: 'security',
      heading: '11. How We Protect Your Data',
      paragraphs: [
        'We use appropriate technical and organisational measures to protect your personal data ' +
          'against loss, misuse and unauthorised access. No online service can be perfectly ' +
          'secure, but we review our measures regularly. If a personal data breach occurs that ' +
          'is likely to put your rights at risk, we will notify you and the competent authority ' +
          'as required by law. Our main measures are:',
      ],
      bullets: [
        'Encryption in transit: all connections to Reverie use HTTPS.',
        'Hashed passwords: passwords are stored only as salted hashes, never in readable form.',
        'Access control: only authorised staff can access personal data, and only when needed ' +
          'for the narrow purposes described in this policy.',
        'Secure sessions: the session cookie is HttpOnly, so scripts in your browser cannot read ' +
          'it.',
        'Limits and monitoring: rate limits and monitoring help protect accounts against abuse ' +
          'and unauthorised access.',
      ],
    },
    {
      id: 'international-transfers',
      heading: '12. International Data Transfers',
      paragraphs: [
        'Our service providers, including our hosting, payment and AI language-model providers, ' +
          'may process personal data in countries other than the one where you live, including ' +
          'countries outside the European Economic Area and the United Kingdom whose laws may ' +
          'offer a different level of protection.',
        'Where we transfer personal data out of the EEA or the UK, we make sure it is protected ' +
          'by appropriate safeguards, such as an adequacy decision or the European Commission’s ' +
          'Standard Contractual Clauses and their UK equivalent. You can ask us for more ' +
          'information about these safeguards through the Contact page.',
      ],
    },
    {
      id: 'your-rights',
      heading: '13. Your Rights',
      paragraphs: [
        'Depending on where you live, and in any case where the GDPR applies, you have the ' +
          'following rights over your personal data:',
      ],
      bullets: [
        'Access: ask for a copy of the personal data we hold about you.',
        'Correction: ask us to correct inaccurate or incomplete data.',
        'Deletion: ask us to delete your personal data, or close your account yourself.',
        'Export: receive the data you gave us in a structured, commonly used and ' +
          'machine-readable format, and have it sent to another provider where technically ' +
          'feasible.',
        'Objection: object to processing based on our legitimate interests, including the review ' +
          'of feedback pairs.',
        'Restriction: ask us to limit how we use your data while a concern is being resolved.',
        'Withdrawal of consent: where we rely on consent, withdraw it at any time.',
      ],
    },
    {
      id: 'making-a-request',
      heading: '14. How to Make a Request or Complaint',
      paragraphs: [
        'To make a request, contact us through the Contact page at /contact and tell us which ' +
          'right you want to exercise. Many things, such as editing your profile or deleting ' +
          'characters, conversations or your whole account, you can also do yourself in the app. ' +
          'We may need to verify your identity before we act, for example by asking you to ' +
          'confirm the request from the e-mail address linked to your account.',
        'We answer requests within 30 days. If a request is particularly complex or we receive ' +
          'many requests, we may extend this period where the law allows, and we will tell you ' +
          'why. Exercising your rights is free of charge unless a request is clearly unfounded ' +
          'or excessive.',
        'If you are not satisfied with how we handle your data or your request, you have the ' +
          'right to lodge a complaint with a data protection supervisory authority, in ' +
          'particular in the country where you live, work or where the issue occurred. We would ' +
          'appreciate the chance to address your concern first.',
      ],
    },
    {
      id: 'age-requirement',
      heading: '15. Adults Only',
      paragraphs: [
        'Reverie is only for adults aged 18 or over. We do not knowingly collect personal data ' +
          'from anyone under 18, and we ask users to confirm their age before using the Service.',
        'If we learn that a user is under 18, we will close the account and delete their data, ' +
          'except for any information we must keep by law or to protect children from harm. If ' +
          'you believe that someone under 18 is using Reverie, please tell us through the ' +
          'Contact page.',
      ],
    },
    {
      id: 'changes',
      heading: '16. Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time, for example when we add features, ' +
          'change service providers or when the law changes. The “Last updated” date at the top ' +
          'shows when it last changed.',
        'If we make material changes, we will tell you in advance by e-mail or through a notice ' +
          'in the Service. We will not use your personal data in a materially different way from ' +
          'what this policy describes without telling you first and, where the law requires, ' +
          'asking for your consent.',
      ],
    },
    {
      id: 'contact',
      heading: '17. Contact Us',
      paragraphs: [
        'If you have questions about this Privacy Policy, want to exercise your rights, or want ' +
          'to report a privacy or security concern, please contact us through the Contact page ' +
          'at /contact. We will respond as quickly as we can, and in any case within the time ' +
          'limits set by law.',
      ],
    },
  ],
};
