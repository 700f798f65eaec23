import type { Brand } from '../../../shared/site/contract';
import type { LegalDocument } from './legal-types';

/** The product's working name, as the *-content.ts files write it. */
const WORKING_NAME = /\bReverie\b/g;

/**
 * A legal text with the operator's brand in it: the product's name for the working name, and
 * where the texts name the company ("the operator of Reverie", who "we" are), the legal entity
 * when one is set.
 */
export function brandDocument(doc: LegalDocument, brand: Brand): LegalDocument {
  const entity = brand.legalEntity.trim();
  const name = brand.name;
  const say = (text: string) => {
    let out = text;
    if (entity) {
      out = out
        .replace(
          /the operator of Reverie \(“Reverie”/g,
          () => `${entity}, the operator of ${name} (“${entity}”`,
        )
        .replace(/The operator of Reverie is\b/g, () => `${entity}, the operator of ${name}, is`);
    }
    return out.replace(WORKING_NAME, () => name);
  };
  return {
    ...doc,
    title: say(doc.title),
    intro: doc.intro.map(say),
    sections: doc.sections.map((s) => ({
      ...s,
      heading: say(s.heading),
      paragraphs: s.paragraphs.map(say),
      bullets: s.bullets?.map(say),
      links: s.links?.map((l) => ({ ...l, label: say(l.label) })),
    })),
  };
}
