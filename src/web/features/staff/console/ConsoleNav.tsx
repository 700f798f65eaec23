import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { sectionPath, STAFF_SECTIONS, type StaffSectionId } from './sections';

/**
 * The sections as links (Tab, Enter), the current one marked with aria-current. A column beside
 * the section from tablet width; on a phone a row that scrolls sideways, each link 44 px tall.
 */
export function ConsoleNav({ current }: { current: StaffSectionId }) {
  const nav = useRef<HTMLElement>(null);
  // On a phone the current section may be past the row's edge: it scrolls into view.
  useEffect(() => {
    const link = nav.current?.querySelector('[aria-current="page"]');
    link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav
      ref={nav}
      aria-label="Staff console"
      className="-mx-4 overflow-x-auto border-b border-border px-4 pb-2 md:mx-0 md:border-b-0 md:px-0 md:pb-0"
    >
      <ul className="flex gap-1 md:flex-col">
        {STAFF_SECTIONS.map((s) => {
          const here = s.id === current;
          return (
            <li key={s.id} className="shrink-0">
              <Link
                href={sectionPath(s.id)}
                aria-current={here ? 'page' : undefined}
                className={`inline-flex min-h-11 w-full items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap ${
                  here
                    ? 'bg-accent-strong text-on-accent'
                    : 'text-muted hover:bg-hover-strong hover:text-fg'
                }`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
