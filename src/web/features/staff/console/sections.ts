/** The console's sections, in the nav's order: `/admin/<id>`; `/admin` opens the first. */
export const STAFF_SECTIONS = [
  { id: 'users', label: 'Users' },
  { id: 'reports', label: 'Reports' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'usage', label: 'Usage' },
  { id: 'models', label: 'Models' },
  { id: 'safety', label: 'Safety' },
  { id: 'audit', label: 'Audit' },
  { id: 'brand', label: 'Brand' },
  { id: 'site', label: 'Site' },
] as const;

export type StaffSectionId = (typeof STAFF_SECTIONS)[number]['id'];

export const sectionPath = (id: StaffSectionId) => `/admin/${id}`;

/** The section an address names: none (`/admin`) is the first; an unknown one is null. */
export function sectionOf(name: string | undefined) {
  if (!name) return STAFF_SECTIONS[0];
  return STAFF_SECTIONS.find((s) => s.id === name) ?? null;
}
