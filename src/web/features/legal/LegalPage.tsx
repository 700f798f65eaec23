import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MarketingLayout } from '../../app/layouts/MarketingLayout';
import { readBrand } from '../../lib/brand';
import { usePageTitle } from '../../lib/use-page-title';
import { brandDocument } from './branded';
import type { LegalDocument } from './legal-types';

/**
 * Renders a legal text with a table of contents; the words live in the *-content.ts files,
 * written with the working name, which the operator's brand replaces here.
 */
export function LegalPage({
  document: text,
  lead,
}: {
  document: LegalDocument;
  /** Shown right under the title, before anything else (the safety page's crisis services). */
  lead?: ReactNode;
}) {
  const doc = brandDocument(text, readBrand());
  usePageTitle(doc.title);
  return (
    <MarketingLayout nav="legal">
      <article className="mx-auto max-w-3xl px-4 py-16" aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-4xl font-extrabold">
          {doc.title}
        </h1>
        {lead}
        <p className="mt-2 text-sm text-muted">Last updated: {doc.lastUpdated}</p>
        {doc.intro.map((p) => (
          <p key={p} className="mt-4 leading-relaxed text-fg/90">
            {p}
          </p>
        ))}
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-border bg-surface p-5">
          <h2 className="text-sm font-semibold tracking-widest text-muted">CONTENTS</h2>
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  // A list of links, not words in a sentence: a finger's size on a phone.
                  className="text-accent hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                >
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} className="mt-10 scroll-mt-20">
            <h2 className="text-2xl font-bold">{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-fg/90">
                {p}
              </p>
            ))}
            {s.bullets && (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 text-fg/90">
                {s.bullets.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            )}
            {s.links?.map((l) => (
              <p key={l.href} className="mt-3">
                <Link href={l.href} className="font-semibold text-accent underline">
                  {l.label}
                </Link>
              </p>
            ))}
          </section>
        ))}
      </article>
    </MarketingLayout>
  );
}
