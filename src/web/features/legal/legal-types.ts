/** A legal page's text as data, so the page component only renders it. */
export interface LegalSection {
  /** Anchor id, kebab-case, unique within the document. */
  id: string;
  heading: string;
  /** Paragraphs of plain text (no HTML, no markdown). */
  paragraphs: string[];
  /** Optional bullet list shown after the paragraphs. */
  bullets?: string[];
  /** Pages of this site the section points to, shown as links after its text. */
  links?: LegalLink[];
}

/** A link to one of our own pages (a client route, e.g. '/safety'). */
export interface LegalLink {
  href: string;
  label: string;
}

export interface LegalDocument {
  title: string;
  /** Human-readable date, e.g. 'January 15, 2025'. */
  lastUpdated: string;
  intro: string[];
  sections: LegalSection[];
}
