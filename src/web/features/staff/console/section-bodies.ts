import { lazy, type ComponentType } from 'react';
import type { StaffSectionId } from './sections';

type Body = ComponentType<{ userId: string | null }>;

/** Each section is a chunk of its own, fetched when it opens. */
export const SECTION_BODIES: Record<StaffSectionId, Body> = {
  reports: lazy(() =>
    import('../reports/ReportsSection').then((m) => ({ default: m.ReportsSection })),
  ),
  feedback: lazy(() =>
    import('../feedback/FeedbackSection').then((m) => ({ default: m.FeedbackSection })),
  ),
  users: lazy(() => import('../users/UsersSection').then((m) => ({ default: m.UsersSection }))),
  usage: lazy(() => import('../usage/UsagePanel').then((m) => ({ default: m.UsagePanel }))),
  models: lazy(() => import('../models/ModelsPanel').then((m) => ({ default: m.ModelsPanel }))),
  safety: lazy(() => import('../safety/SafetySection').then((m) => ({ default: m.SafetySection }))),
  audit: lazy(() => import('../audit/AuditSection').then((m) => ({ default: m.AuditSection }))),
  brand: lazy(() => import('../brand/BrandSection').then((m) => ({ default: m.BrandSection }))),
  site: lazy(() => import('../site/SiteSection').then((m) => ({ default: m.SiteSection }))),
};

/** The sections whose own reads tell the console who may see it (useStaffQuery). */
export const REPORTS_ACCESS = new Set<StaffSectionId>([
  'reports',
  'feedback',
  'users',
  'safety',
  'audit',
  'brand',
  'site',
]);
