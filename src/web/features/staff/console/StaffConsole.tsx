import { Loader2 } from 'lucide-react';
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { listAudit } from '../../../../shared/staff/endpoints';
import { buttonClass } from '../../../components/ui/button';
import { call } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  StaffAccessProvider,
  TWO_FACTOR_SETUP_URL,
  useStaffAccessState,
  useStaffQuery,
} from './access';
import { ConsoleNav } from './ConsoleNav';
import { SECTION_BODIES, REPORTS_ACCESS } from './section-bodies';
import { sectionOf, type StaffSectionId } from './sections';

/**
 * The staff console (issue 48) at /admin/<section>: a nav across the sections, each a chunk of its
 * own. Who may see it is the server's answer to the first read (see access.tsx): until then a
 * loader; a 404 is the app's not-found screen, the two-factor 403 says where to turn it on.
 */
export function StaffConsole({
  notFound,
  Frame,
}: {
  notFound: ReactNode;
  Frame: ComponentType<{ children: ReactNode }>;
}) {
  const params = useParams<{ section?: string; userId?: string }>();
  const section = sectionOf(params.section);
  const { access, message, report } = useStaffAccessState();
  if (!section || access === 'not-found') return notFound;
  if (access === 'two-factor')
    return (
      <Frame>
        <TwoFactorNeeded message={message} />
      </Frame>
    );
  return (
    <Frame>
      <StaffAccessProvider onAccess={report}>
        {access === 'unknown' && <ConsoleLoading />}
        <div hidden={access === 'unknown'} className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
          <h1 className="text-2xl font-extrabold sm:text-3xl">Staff console</h1>
          <div className="mt-4 md:mt-6 md:grid md:grid-cols-[11rem_minmax(0,1fr)] md:gap-8">
            <ConsoleNav current={section.id} />
            <SectionView id={section.id} label={section.label} userId={params.userId ?? null} />
          </div>
        </div>
      </StaffAccessProvider>
    </Frame>
  );
}

function SectionView({
  id,
  label,
  userId,
}: {
  id: StaffSectionId;
  label: string;
  userId: string | null;
}) {
  usePageTitle(`${label} · Staff console`);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // A new section (or user) takes the focus to its heading: where a screen reader starts reading.
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [id, userId]);
  const Body = SECTION_BODIES[id];
  return (
    <section aria-labelledby="staff-section-title" className="mt-6 min-w-0 md:mt-0">
      <h2
        id="staff-section-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold outline-none focus-visible:ring-2 focus-visible:ring-accent"
      >
        {label}
      </h2>
      {!REPORTS_ACCESS.has(id) && <AccessProbe />}
      <Suspense fallback={<ConsoleLoading />}>
        <div className="mt-4">
          <Body userId={userId} />
        </div>
      </Suspense>
    </section>
  );
}

/** For a section that reads nothing through useStaffQuery: one look at the audit log tells. */
function AccessProbe() {
  useStaffQuery(['access'], () => call(listAudit, { query: { limit: 1 } }));
  return null;
}

function ConsoleLoading() {
  return (
    <p role="status" className="flex items-center gap-2 px-4 py-8 text-muted">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
    </p>
  );
}

function TwoFactorNeeded({ message }: { message: string }) {
  usePageTitle('Staff console');
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Staff console</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a href={TWO_FACTOR_SETUP_URL} className={buttonClass('primary', 'lg', 'mt-8')}>
        Set up two-factor authentication
      </a>
    </div>
  );
}
