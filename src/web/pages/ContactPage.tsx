import { lazy, Suspense } from 'react';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { CallToAction } from '../features/marketing/CallToAction';
import { readBrand } from '../lib/brand';
import { usePageTitle } from '../lib/use-page-title';

// The form pulls in the validation library; the page text shows without waiting for it.
const ContactForm = lazy(() =>
  import('../features/contact/ContactForm').then((m) => ({ default: m.ContactForm })),
);

export default function ContactPage() {
  usePageTitle('Contact');
  const { supportEmail } = readBrand();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-2xl px-4 pt-16" aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-4xl font-extrabold">
          Get in Touch
        </h1>
        <p className="mt-3 text-muted">
          Questions, feedback, partnership ideas or a bug to report? Write to us and we will get
          back to you by email.
          {supportEmail && (
            <>
              {' '}
              Or write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-semibold text-accent underline">
                {supportEmail}
              </a>
              .
            </>
          )}
        </p>
        <div className="mt-8 rounded-2xl border border-border bg-surface p-6">
          <Suspense fallback={<div className="h-96" aria-busy="true" />}>
            <ContactForm />
          </Suspense>
        </div>
      </section>
      <CallToAction
        title="Meet your companion today"
        text="Create a character and start chatting in minutes."
      />
    </MarketingLayout>
  );
}
